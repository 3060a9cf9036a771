import '@/lib/csp-nonce'
import { createRoot, type Root } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { config as zodConfig } from 'zod/v4/core'
import { AppProvider } from '@/app/provider'
import { createAppRouter } from '@/app/router'
import { BootError, BootSplash } from '@/app/boot-screens'
import { localeSources, preloadNamespaces } from '@/app/locale-sources'
import { themeConfig } from '@/config/theme-config'
import { createSettingsStore, defaultSettings } from '@/features/settings/settings-store'
import { api } from '@/lib/api-client'
import { initI18n, isLang } from '@/lib/i18n'

async function start(root: Root) {
  root.render(<BootSplash />)
  let site
  try {
    // Routes, wording and language all depend on the site, so nothing renders before it.
    site = await api.site.get()
  } catch (err) {
    console.error(err)
    root.render(<BootError onRetry={() => void start(root)} />)
    return
  }
  const siteLang = isLang(site.defaultLang) ? site.defaultLang : themeConfig.app.i18n.defaultLocale
  const settings = createSettingsStore(themeConfig.app.title, defaultSettings(siteLang))
  const queryLang = new URLSearchParams(window.location.search).get('lang')
  if (isLang(queryLang)) settings.set({ lang: queryLang })
  const current = settings.get().lang
  const i18n = await initI18n({
    lang: isLang(current) ? current : siteLang,
    additionalTranslations: site.additionalTranslations ?? {},
    sources: localeSources,
    preload: preloadNamespaces,
  })
  document.title = site.configuration.AppTitle || site.configuration.AppName || document.title
  const router = createAppRouter(site)
  root.render(
    <AppProvider site={site} i18n={i18n} settings={settings}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
}

// Zod would probe for eval, which the Content-Security-Policy refuses.
zodConfig({ jitless: true })

const el = document.getElementById('root')
if (!el) throw new Error('#root missing from index.html')
void start(createRoot(el))

import { AbilityProvider } from '@casl/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { SnackbarProvider } from 'notistack'
import { useEffect, useMemo, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { themeConfig } from '@/config/theme-config'
import { useSettings } from '@/features/settings/hooks/use-settings'
import { SettingsContext } from '@/features/settings/settings-context'
import type { SettingsStore } from '@/features/settings/settings-store'
import { ApiError } from '@/lib/api-client'
import type { SiteConfig } from '@/lib/api-types'
import { buildAbility } from '@/lib/authorization'
import { isLang, switchLanguage } from '@/lib/i18n'
import { SiteContext } from '@/lib/site-context'
import { useSession } from '@/lib/use-session'
import { AppThemeProvider } from './app-theme-provider'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors will not heal by retrying.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
})

function SessionAbility({ children }: { children: ReactNode }) {
  const session = useSession()
  const ability = useMemo(() => buildAbility(session?.abilityRules ?? []), [session])
  return <AbilityProvider value={ability}>{children}</AbilityProvider>
}

function LanguageSync({ i18n }: { i18n: I18n }) {
  const [settings] = useSettings()
  useEffect(() => {
    if (i18n.language !== settings.lang && isLang(settings.lang)) void switchLanguage(i18n, settings.lang)
  }, [i18n, settings.lang])
  return null
}

interface Props {
  site: SiteConfig
  i18n: I18n
  settings: SettingsStore
  children: ReactNode
}

export function AppProvider({ site, i18n, settings, children }: Props) {
  return (
    <SiteContext.Provider value={site}>
      <SettingsContext.Provider value={settings}>
        <I18nextProvider i18n={i18n}>
          <LanguageSync i18n={i18n} />
          <QueryClientProvider client={queryClient}>
            <SessionAbility>
              <AppThemeProvider>
                <SnackbarProvider maxSnack={3} autoHideDuration={themeConfig.snackbarTimeout} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
                  {children}
                </SnackbarProvider>
              </AppThemeProvider>
            </SessionAbility>
          </QueryClientProvider>
        </I18nextProvider>
      </SettingsContext.Provider>
    </SiteContext.Provider>
  )
}

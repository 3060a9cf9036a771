import { ThemeProvider } from '@mui/material/styles'
import { render } from '@testing-library/react'
import i18next from 'i18next'
import type { ComponentType } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes } from 'react-router'
import { templateTestResources } from '../../kit/testing/template-test-resources'
import { DEFAULT_NS } from '@/lib/i18n'
import { createAppTheme } from '@/theme/create-app-theme'

// jsdom has no layout engine; the data grid only needs the observer to exist.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: NoopResizeObserver })

/** Renders a page component at `url`, matched against `pattern` so useParams works. */
export function renderPage(Page: ComponentType, opts: { url?: string; pattern?: string; lang?: string } = {}) {
  const i18n = i18next.createInstance()
  void i18n.use(initReactI18next).init({ resources: templateTestResources(), defaultNS: DEFAULT_NS, lng: opts.lang ?? 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  const url = opts.url ?? '/'
  const theme = createAppTheme({ direction: opts.lang === 'ar' ? 'rtl' : 'ltr', skin: 'default' })
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={opts.pattern ?? url.split('?')[0]} element={<Page />} />
            <Route path="*" element={<p>redirected</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  )
}

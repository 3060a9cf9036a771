import { ThemeProvider } from '@mui/material/styles'
import { act, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { SnackbarProvider } from 'notistack'
import type { ComponentType } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { expect } from 'vitest'
import type { PageModule } from '@/app/routing/page-meta'
import { createAppTheme } from '@/theme/create-app-theme'
import { templateTestResources } from './template-test-resources'
import { DEFAULT_NS } from '@/lib/i18n'

const theme = createAppTheme({ direction: 'ltr', skin: 'default' })
const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({ resources: templateTestResources(), defaultNS: DEFAULT_NS, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })

/** Renders a page with the providers pages rely on and waits for its level-1 heading. */
export async function renderPage(Page: ComponentType, path = '/') {
  // The page suspends while its wording loads; an awaited act lets React finish that.
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <SnackbarProvider>
          <Page />
        </SnackbarProvider>
      </MemoryRouter>
    </ThemeProvider>
      </I18nextProvider>,
    )
  })
  const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 15000 })
  expect(h1.textContent).not.toMatch(/^[a-z]+(\.[a-zA-Z-]+)+$/)
  return h1
}

/** Page modules of one folder keyed by file name, e.g. "alert". */
export function byName(mods: Record<string, PageModule>): [string, PageModule][] {
  return Object.entries(mods).map(([k, m]) => [k.replace(/^.*\/pages\//, '').replace(/\.tsx$/, ''), m])
}

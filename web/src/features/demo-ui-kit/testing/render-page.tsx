import { ThemeProvider } from '@mui/material/styles'
import { act, screen } from '@testing-library/react'
import { SnackbarProvider } from 'notistack'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { expect } from 'vitest'
import type { PageModule } from '@/app/routing/page-meta'
import { renderWithI18n } from '@/test/render'
import { createAppTheme } from '@/theme/create-app-theme'

const theme = createAppTheme({ direction: 'ltr', skin: 'default' })

/** Renders a page with the providers pages rely on and waits for its level-1 heading. */
export async function renderPage(Page: ComponentType, path = '/') {
  // The page suspends while its wording loads; an awaited act lets React finish that.
  await act(async () => {
    renderWithI18n(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <SnackbarProvider>
          <Page />
        </SnackbarProvider>
      </MemoryRouter>
    </ThemeProvider>,
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

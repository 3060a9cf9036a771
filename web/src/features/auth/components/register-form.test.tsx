import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SiteConfig } from '@/lib/api-types'
import { SiteContext } from '@/lib/site-context'
import { renderWithI18n } from '@/test/render'
import { RegisterForm } from './register-form'

const site = {
  configuration: { AppName: 'Desks', AppDomain: 'd', AppTitle: 'Desks', DefaultLandingAdminPage: '/dashboards/crm' },
} as SiteConfig

function renderForm(path = '/register?redirecturl=%2Fmy-items') {
  return renderWithI18n(
    <SiteContext.Provider value={site}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/register" element={<RegisterForm />} />
          <Route path="/my-items" element={<p>items page</p>} />
        </Routes>
      </MemoryRouter>
    </SiteContext.Provider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

/** One paste per field instead of a keystroke per character keeps these tests quick. */
async function fill(input: HTMLElement, value: string) {
  await userEvent.click(input)
  await userEvent.paste(value)
}

describe('RegisterForm', () => {
  it('says why fields are invalid before calling the server', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    await fill(screen.getByLabelText(/^E-mail/), 'not-an-address')
    await fill(screen.getByLabelText(/^Password/), 'short')
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Use 8–128 characters with at least one letter and one digit')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows server field errors next to the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        new Response(
          JSON.stringify({ title: 'Conflict', status: 409, detail: 'account exists', errors: [{ location: 'body.email', message: 'is already registered' }] }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    renderForm()
    await fill(screen.getByLabelText(/^Display name/), 'Ada')
    await fill(screen.getByLabelText(/^E-mail/), 'ada@example.test')
    await fill(screen.getByLabelText(/^Password/), 'analytical 1843')
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    const email = screen.getByLabelText(/^E-mail/)
    await waitFor(() => expect(email).toHaveAccessibleDescription('is already registered'))
    expect(email).toHaveAttribute('aria-invalid', 'true')
  })

  it('stores the session and returns to the redirect target', async () => {
    const session = {
      userId: 'u9',
      accessToken: 'acc',
      apiToken: 'api',
      expiresAt: '2099-01-01T00:00:00Z',
      user: { id: 'u9', email: 'ada@example.test', displayName: 'Ada' },
      roles: ['user'],
      scopes: ['internal'],
      userAbilityRules: [],
    }
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(session), { status: 201 })))
    renderForm()
    await fill(screen.getByLabelText(/^Display name/), 'Ada')
    await fill(screen.getByLabelText(/^E-mail/), 'ada@example.test')
    await fill(screen.getByLabelText(/^Password/), 'analytical 1843')
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('items page')).toBeInTheDocument()
    expect(localStorage.getItem('accessToken')).toBe('acc')
    expect(localStorage.getItem('apiToken')).toBe('api')
  })
})

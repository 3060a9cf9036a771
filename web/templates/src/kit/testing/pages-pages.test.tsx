import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PageModule } from '@/app/routing/page-meta'
import { byName, renderPage } from './render-page'

const pages = import.meta.glob<PageModule>(['../../pages/pages/**/*.tsx'], { eager: true })
const LoginV1 = pages['../../pages/pages/authentication/login-v1.tsx']

describe('"pages" demo pages', () => {
  // jsdom lacks elementFromPoint; the one-time-code input probes it for password-manager overlays.
  beforeAll(() => {
    document.elementFromPoint ??= () => null
  })

  it.each(byName(pages))('%s renders its heading', { timeout: 20000 }, async (_, mod) => {
    const h1 = await renderPage(mod.default)
    expect(h1).toBeInTheDocument()
  })

  it('login demo validates, then confirms without signing in', { timeout: 20000 }, async () => {
    if (!LoginV1) throw new Error('login-v1 page missing')
    await renderPage(LoginV1.default)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
    await user.type(screen.getByLabelText('E-mail'), 'amelia@')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText(/valid e-mail address/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('E-mail'), 'example.com')
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('status')).toHaveTextContent('nothing was sent')
  })
})

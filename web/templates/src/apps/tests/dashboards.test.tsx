import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveSession } from '@/lib/session'
import Dashboard from '../../pages/apps/logistics/dashboard'
import Dashboard0 from '../../pages/apps/logistics/dashboard0'
import Dashboard2 from '../../pages/apps/logistics/dashboard2'
import Fleet from '../../pages/apps/logistics/fleet'
import Analytics from '../../pages/dashboards/analytics'
import Crm from '../../pages/dashboards/crm'
import Ecommerce from '../../pages/dashboards/ecommerce'
import { renderPage } from './render-page'

function signIn(scopes: string[]) {
  saveSession({
    userId: '1',
    accessToken: 'a',
    apiToken: 'b',
    expiresAt: '2099-01-01T00:00:00Z',
    user: { id: '1', email: 'admin@example.com', name: 'Admin' } as never,
    roles: ['admin'],
    scopes,
    userAbilityRules: [{ action: 'manage', subject: 'all' }],
  })
}

describe('dashboards', { timeout: 30_000 }, () => {
  it('analytics shows stats, charts and a sortable table', async () => {
    renderPage(Analytics)
    expect(screen.getByRole('heading', { name: 'Website analytics' })).toBeInTheDocument()
    expect(screen.getAllByTestId('demo-chart').length).toBeGreaterThan(1)
    expect(screen.getByRole('table', { name: 'Top pages' })).toBeInTheDocument()
  })

  it('crm and ecommerce render their headings', () => {
    renderPage(Crm)
    expect(screen.getByRole('heading', { name: 'CRM dashboard' })).toBeInTheDocument()
    renderPage(Ecommerce)
    expect(screen.getByRole('heading', { name: 'eCommerce dashboard' })).toBeInTheDocument()
  })

  it('logistics dashboards render', () => {
    renderPage(Dashboard).unmount()
    renderPage(Dashboard0)
    expect(screen.getByRole('heading', { name: 'Logistics overview' })).toBeInTheDocument()
  })

  it('the network view needs the admin2 scope', () => {
    signIn(['internal'])
    const { unmount } = renderPage(Dashboard2, { url: '/apps/logistics/dashboard2' })
    expect(screen.getByText('redirected')).toBeInTheDocument()
    unmount()
    signIn(['internal', 'admin2'])
    renderPage(Dashboard2, { url: '/apps/logistics/dashboard2' })
    expect(screen.getByRole('heading', { name: 'Logistics network' })).toBeInTheDocument()
  })

  it('fleet lists vehicles and draws the route map', () => {
    renderPage(Fleet)
    expect(screen.getByRole('heading', { name: 'Fleet' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Map of vehicle routes' })).toBeInTheDocument()
  })

  it('loads the Arabic wording on demand', async () => {
    renderPage(Analytics, { lang: 'ar' })
    expect(await screen.findByRole('heading', { name: 'تحليلات الموقع' }, { timeout: 15_000 })).toBeInTheDocument()
  })
})

describe('dashboard figures in the interface language', { timeout: 30_000 }, () => {
  // A hand-made "4.5%" would keep the English decimal point in Polish and
  // Latin digits with a Latin per-cent sign in Arabic.
  it.each([Analytics, Crm, Ecommerce, Dashboard])('%o in Polish uses decimal commas', (Page) => {
    const { container, unmount } = renderPage(Page, { lang: 'pl' })
    const text = container.textContent ?? ''
    expect(text).not.toMatch(/\d\.\d+\s?%/)
    expect(text).toMatch(/\d\s?%/)
    unmount()
  })

  it('a Polish trend reads "+12,4%"', () => {
    const { container, unmount } = renderPage(Ecommerce, { lang: 'pl' })
    expect(container.textContent).toMatch(/\+\d+,\d\s?%/)
    unmount()
  })

  it.each([Analytics, Crm, Ecommerce, Dashboard])('%o in Arabic writes per cent as Intl does', (Page) => {
    const { container, unmount } = renderPage(Page, { lang: 'ar' })
    const text = container.textContent ?? ''
    // Intl writes Arabic per cent with direction marks (or as ٪), never glued to the digits.
    expect(text).not.toMatch(/[0-9]%/)
    expect(text).toMatch(/[0-9٠-٩]\u200e?[%٪]\u200e?|\u200e%/)
    unmount()
  })
})

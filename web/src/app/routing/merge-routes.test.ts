import { describe, expect, it, vi } from 'vitest'
import { buildRouteTable, mergeExtraRoutes, mergeRedirects } from './merge-routes'
import { deriveRoute } from './derive-routes'

const pages = ['frontpage/index', 'login', 'my-items', 'dashboards/crm', '[...error]']

describe('mergeExtraRoutes', () => {
  it('replaces a file route with the same path and appends new ones', () => {
    const merged = mergeExtraRoutes(
      pages.map(deriveRoute),
      [
        { path: '/my-items', name: 'site-items', component: 'dashboards/crm', meta: { public: false } },
        { path: '/tables', name: 'tables-alias', component: 'my-items' },
      ],
      new Set(pages),
    )
    const items = merged.filter((r) => r.path === '/my-items')
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ name: 'site-items', pageId: 'dashboards/crm', metaOverride: { public: false } })
    expect(merged.find((r) => r.path === '/tables')).toMatchObject({ name: 'tables-alias', pageId: 'my-items' })
    expect(merged).toHaveLength(pages.length + 1)
  })

  it('drops extra routes that name a missing page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const merged = mergeExtraRoutes(pages.map(deriveRoute), [{ path: '/x', name: 'x', component: 'nope' }], new Set(pages))
    expect(merged.some((r) => r.path === '/x')).toBe(false)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('redirects', () => {
  it('lets the site win over defaults for the same source', () => {
    const merged = mergeRedirects(
      [
        { from: '/', to: '/frontpage' },
        { from: '/old', to: '/new' },
      ],
      [{ from: '/', to: '/dashboards/crm' }],
    )
    expect(merged).toEqual([
      { from: '/', to: '/dashboards/crm' },
      { from: '/old', to: '/new' },
    ])
  })

  it('sends / and each language prefix to the site front page', () => {
    const table = buildRouteTable(pages, { extraRoutes: [], redirects: [] }, ['en', 'ar'])
    expect(table.redirects).toEqual([
      { from: '/', to: '/frontpage' },
      { from: '/en', to: '/frontpage?lang=en' },
      { from: '/ar', to: '/frontpage?lang=ar' },
    ])
  })

  it('points language prefixes at a site-specific front page', () => {
    const table = buildRouteTable(pages, { extraRoutes: [], redirects: [{ from: '/', to: '/dashboards/crm' }] }, ['pl'])
    expect(table.redirects).toContainEqual({ from: '/pl', to: '/dashboards/crm?lang=pl' })
  })
})

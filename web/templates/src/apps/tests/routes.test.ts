import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deriveRoute, pageIdFromGlobKey } from '@/app/routing/derive-routes'
import { resolveMeta, type PageModule } from '@/app/routing/page-meta'

// The demo-app share of the product route list (spec routes.txt: "## apps",
// "## dashboards", "## front-pages", "## wizards" and two admin pages of "## core").
const SECTIONS = ['apps', 'dashboards', 'front-pages', 'wizards'] as const
const EXTRA = ['/apps/logistics/dashboard0', '/apps/logistics/dashboard2']
const OWNED_ELSEWHERE = /^\/apps\/bit\//
// The product spec sits beside the checkout (vitest runs in web/templates/).
const SPEC = resolve(process.cwd(), '../../../shared/spec/routes.txt')

const EMBEDDED = `
/apps/academy/course-details /apps/academy/dashboard /apps/academy/my-course /apps/calendar /apps/chat
/apps/ecommerce/customer/details/:id /apps/ecommerce/customer/list /apps/ecommerce/manage-review
/apps/ecommerce/order/details/:id /apps/ecommerce/order/list /apps/ecommerce/product/add
/apps/ecommerce/product/category-list /apps/ecommerce/product/list /apps/ecommerce/referrals /apps/ecommerce/settings
/apps/email /apps/email/:filter /apps/email/:label /apps/invoice/add /apps/invoice/edit/:id /apps/invoice/list
/apps/invoice/preview/:id /apps/kanban /apps/logistics/dashboard /apps/logistics/fleet /apps/permissions /apps/roles
/apps/user/list /apps/user/view/:id /dashboards/analytics /dashboards/crm /dashboards/ecommerce
/front-pages/checkout /front-pages/help-center /front-pages/help-center/article/:title /front-pages/landing-page
/front-pages/payment /front-pages/pricing /wizard-examples/checkout /wizard-examples/create-deal /wizard-examples/property-listing
`
  .split(/\s+/)
  .filter(Boolean)

function specPatterns(text: string): string[] {
  const out: string[] = []
  let section = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('## ')) section = line.slice(3)
    else if (line.startsWith('/') && (SECTIONS as readonly string[]).includes(section) && !OWNED_ELSEWHERE.test(line)) out.push(line)
  }
  return out
}

const patterns = [...EMBEDDED, ...EXTRA]
const modules = import.meta.glob<PageModule>(['../../pages/**/*.tsx', '!../../pages/**/*.test.tsx'])
const routes = Object.keys(modules).map((k) => ({ key: k, ...deriveRoute(pageIdFromGlobKey(k)) }))

/** Parameter names do not matter for matching: :filter and :label are one route. */
const shape = (p: string) => p.replace(/:[^/]+/g, ':')

type Expect = { layout: 'blank' | 'default' | 'fixed-height'; isPublic: boolean; action?: string }
function expected(pattern: string): Expect {
  if (pattern.startsWith('/front-pages/')) return { layout: 'blank', isPublic: true }
  if (pattern === '/apps/academy/my-course') return { layout: 'default', isPublic: true }
  if (/^\/apps\/(chat|email|logistics\/fleet)/.test(pattern)) return { layout: 'fixed-height', isPublic: false }
  if (pattern === '/apps/logistics/dashboard0') return { layout: 'default', isPublic: false, action: 'manage' }
  return { layout: 'default', isPublic: false }
}

describe('demo app routes', { timeout: 60_000 }, () => {
  it('cover the product route list', () => {
    if (!existsSync(SPEC)) return
    expect([...specPatterns(readFileSync(SPEC, 'utf8'))].sort()).toEqual([...EMBEDDED].sort())
  })

  for (const pattern of patterns) {
    it(`${pattern} resolves to a page with the right meta`, async () => {
      const route = routes.find((r) => shape(r.path) === shape(pattern))
      expect(route, pattern).toBeDefined()
      if (!route) return
      expect(route.pageId).not.toMatch(/\[\.\.\./)
      const load = modules[route.key]
      if (!load) throw new Error(route.key)
      const mod = await load()
      expect(typeof mod.default).toBe('function')
      const meta = resolveMeta(mod.meta)
      const want = expected(pattern)
      expect(meta.layout).toBe(want.layout)
      expect(meta.isPublic).toBe(want.isPublic)
      if (want.action) expect(meta.action).toBe(want.action)
    })
  }

  it('names the admin pages the way the core navigation refers to them', () => {
    const names = routes.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['apps-logistics-dashboard0', 'apps-logistics-dashboard2', 'dashboards-crm', 'apps-academy-my-course', 'apps-email-filter']))
  })
})

import { describe, expect, it } from 'vitest'
import { deriveRoute, pageIdFromGlobKey } from '@/app/routing/derive-routes'
import { LANGUAGES } from '@/lib/api-types'
import { buildAbility } from '@/lib/authorization'
import { registerRouteNames } from '@/lib/route-names'
import type { NavEntry } from '@/navigation/nav-items'
import { navLinks, visibleNav, type ResolvedNavEntry } from '@/navigation/visible-nav'
import { templateNav } from './template-nav'

const pageFiles = Object.keys(import.meta.glob(['../pages/**/*.tsx', '!../pages/**/*.test.tsx']))
const routes = pageFiles.map((k) => deriveRoute(pageIdFromGlobKey(k)))

// The template kit's pages: everything under these folders except the product's own pages there.
const TEMPLATE = /^\/(apps|charts|components|dashboards|extensions|forms|front-pages|pages|tables|wizard-examples)\//
const PRODUCT = new Set(['/apps/bit/add-new-base', '/apps/logistics/dashboard0', '/apps/logistics/dashboard2', '/pages/misc/not-found'])
const templateRoutes = routes.filter((r) => TEMPLATE.test(r.path) && !PRODUCT.has(r.path))

const labels = import.meta.glob<Record<string, string>>('../locales/{ui-nav,apps-nav}/*.json', { eager: true, import: 'default' })
const NS_FOLDER: Record<string, string> = { demoUiNav: 'ui-nav', demoAppsNav: 'apps-nav' }

const admin = buildAbility([{ action: 'manage', subject: 'all' }])

function walk(entries: ResolvedNavEntry[], visit: (e: ResolvedNavEntry, depth: number) => void, depth = 0) {
  for (const e of entries) {
    visit(e, depth)
    if (e.kind === 'group') walk(e.children, visit, depth + 1)
  }
}

describe('template menu', () => {
  registerRouteNames(routes)
  const tree = visibleNav(templateNav, ['internal'], admin)

  it('finds the template pages', () => {
    expect(templateRoutes.length).toBeGreaterThan(100)
  })

  it('reaches every template page, in groups', () => {
    const byPath = new Map(routes.map((r) => [r.path, r.name]))
    const linked = new Set<string>()
    const names = (entries: NavEntry[]): void =>
      entries.forEach((e) => (e.kind === 'group' ? names(e.children) : e.kind === 'link' && 'name' in e.to ? linked.add(e.to.name) : undefined))
    names(templateNav)
    // Pages with a parameter are linked with a sample record; their hrefs must resolve.
    expect(navLinks(tree).every((l) => !/:|\/\//.test(l.href))).toBe(true)
    const missing = templateRoutes.filter((r) => !linked.has(byPath.get(r.path) ?? '')).map((r) => r.path)
    expect(missing).toEqual([])
    expect(tree.every((e) => e.kind === 'group')).toBe(true)
    expect(tree.map((e) => e.title.split(':')[1])).toEqual(['dashboards', 'apps', 'headingPages', 'components', 'forms', 'tables', 'headingCharts', 'extensions', 'wizards', 'frontPages'])
  })

  it('gives every entry an icon component of its own and a label in every language', () => {
    walk(tree, (e) => {
      if (e.kind === 'heading') return
      expect(typeof e.icon, e.key).not.toBe('string')
      const [ns = '', key = ''] = e.title.split(':')
      for (const lang of LANGUAGES) expect(labels[`../locales/${NS_FOLDER[ns]}/${lang}.json`]?.[key]?.trim(), `${lang} ${e.title}`).toBeTruthy()
    })
  })

  it('is hidden from users without the admin ability', () => {
    expect(visibleNav(templateNav, ['internal'], buildAbility([{ action: 'read', subject: 'Listing' }]))).toEqual([])
  })
})

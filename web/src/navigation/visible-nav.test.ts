import { beforeEach, describe, expect, it } from 'vitest'
import { buildAbility } from '@/lib/authorization'
import { registerRouteNames } from '@/lib/route-names'
import { commonNav, type NavEntry } from './nav-items'
import { siteNavToLinks, visibleNav } from './visible-nav'

const siteItems = siteNavToLinks([
  { key: 'Home', title: 'nav.home', to: '/frontpage', icon: 'tabler-smart-home', requiredScope: 'internal' },
  { key: 'AddNew', title: 'nav.addNew', to: '/add-new', requiredScope: 'internal' },
  { key: 'Dashboard', title: 'nav.dashboard', to: '/apps/logistics/dashboard2', requiredScope: 'admin2' },
  { key: 'Academy', title: 'nav.academy', to: '/apps/academy/my-course', requiredScope: '' },
])

const keys = (entries: { key: string }[]) => entries.map((e) => e.key)

describe('visibleNav', () => {
  beforeEach(() =>
    registerRouteNames([
      { name: 'my-call', path: '/my-call' },
      { name: 'dashboards-crm', path: '/dashboards/crm' },
      { name: 'access-control', path: '/access-control' },
    ]),
  )

  it('shows only scope-free items to visitors', () => {
    expect(keys(visibleNav(siteItems, [], buildAbility([])))).toEqual(['Academy'])
  })

  it('shows internal items to signed-in users but not admin2 ones', () => {
    expect(keys(visibleNav(siteItems, ['internal'], buildAbility([])))).toEqual(['Home', 'AddNew', 'Academy'])
  })

  it('shows admin2 items to admins', () => {
    expect(keys(visibleNav(siteItems, ['internal', 'admin2'], buildAbility([])))).toContain('Dashboard')
  })

  it('hides entries needing an ability, entries without a route, and headings left empty', () => {
    const user = visibleNav(commonNav, ['internal'], buildAbility([{ action: 'read', subject: 'Listing' }]))
    expect(keys(user)).toEqual(['MyCall'])
    const admin = visibleNav(commonNav, ['internal', 'admin2'], buildAbility([{ action: 'manage', subject: 'all' }]))
    // Logistics pages are not registered in this test, so they drop out.
    expect(keys(admin)).toEqual(['MyCall', 'admin', 'dashboards-crm', 'access-control'])
  })

  it('resolves route names to paths', () => {
    const entries: NavEntry[] = [{ kind: 'link', key: 'c', title: 't', to: { name: 'my-call' }, icon: 'video' }]
    expect(visibleNav(entries, [], buildAbility([]))).toEqual([{ kind: 'link', key: 'c', title: 't', href: '/my-call', icon: 'video' }])
  })

  it("hides links to routes that ask for the admin's ability, by name or by path", () => {
    registerRouteNames([
      { name: 'frontpage', path: '/frontpage' },
      { name: 'apps-academy-my-course', path: '/apps/academy/my-course', access: { action: 'manage', subject: 'all' } },
      { name: 'apps-user-view-id', path: '/apps/user/view/:id', access: { action: 'manage', subject: 'all' } },
    ])
    const entries: NavEntry[] = [
      ...siteItems,
      { kind: 'link', key: 'UserView', title: 't', to: { name: 'apps-user-view-id', params: { id: '7' } }, icon: 'user' },
    ]
    expect(keys(visibleNav(entries, ['internal'], buildAbility([{ action: 'read', subject: 'Listing' }])))).toEqual(['Home', 'AddNew'])
    expect(keys(visibleNav(entries, ['internal'], buildAbility([{ action: 'manage', subject: 'all' }])))).toEqual(['Home', 'AddNew', 'Academy', 'UserView'])
  })
})

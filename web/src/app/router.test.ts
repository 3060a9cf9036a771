import { describe, expect, it } from 'vitest'
import { createMemoryRouter } from 'react-router'
import type { Session, SiteConfig } from '@/lib/api-types'
import { clearSession, saveSession } from '@/lib/session'
import { addOns, type AddOn } from './add-on'
import { buildAppRoutes } from './router'
import { deriveRoute } from './routing/derive-routes'
import { loginHref } from './routing/guard'

const site: SiteConfig = {
  project: 'desks',
  defaultLang: 'pl',
  languages: ['en', 'pl', 'ar'],
  additionalTranslations: {},
  redirects: [{ from: '/home', to: '/frontpage' }],
  navigation: [],
  configuration: { AppName: 'Desks', AppDomain: 'desks.example', AppTitle: 'Desks', DefaultLandingAdminPage: '/dashboards/crm' },
  extraRoutes: [{ path: '/meetup', name: 'meetup', component: 'frontpage/index', meta: { layout: 'blank', public: true } }],
  frontpage: { meetup: true },
}

function session(rules: Session['userAbilityRules'], roles = ['user']): Session {
  return {
    userId: 'u1',
    accessToken: 'a',
    apiToken: 'b',
    expiresAt: '2099-01-01T00:00:00Z',
    user: { id: 'u1', email: 'u1@example.test', displayName: 'U1' },
    roles,
    scopes: ['internal'],
    userAbilityRules: rules,
  }
}

/**
 * Opens `path` and waits until loaders, lazy pages and redirects have settled
 * (a page's first import can take seconds on a busy machine).
 */
async function open(path: string, s: SiteConfig = site, installed: readonly AddOn[] = addOns) {
  const router = createMemoryRouter(buildAppRoutes(s, installed), { initialEntries: [path] })
  await router.initialize()
  for (let i = 0; i < 3000 && (router.state.navigation.state !== 'idle' || !router.state.initialized); i++) {
    await new Promise((r) => setTimeout(r, 10))
  }
  const { pathname, search } = router.state.location
  const leaf = router.state.matches.at(-1)?.route.id
  router.dispose()
  return { at: pathname + search, leaf }
}

describe('app router', () => {
  it('sends / and language prefixes to the front page', async () => {
    expect(await open('/')).toMatchObject({ at: '/frontpage', leaf: 'frontpage' })
    expect(await open('/ar')).toMatchObject({ at: '/frontpage?lang=ar', leaf: 'frontpage' })
  })

  it('applies site redirects, letting the site override defaults', async () => {
    expect((await open('/home')).at).toBe('/frontpage')
    const custom = { ...site, redirects: [{ from: '/', to: '/meetup' }] }
    expect(await open('/', custom)).toMatchObject({ at: '/meetup', leaf: 'meetup' })
    expect((await open('/pl', custom)).at).toBe('/meetup?lang=pl')
  })

  it('serves site extra routes and the not-found page for unknown paths', async () => {
    expect((await open('/meetup')).leaf).toBe('meetup')
    expect(await open('/no/such/page')).toMatchObject({ at: '/no/such/page', leaf: 'error' })
    expect((await open('/pages/misc/not-found')).leaf).toBe('pages-misc-not-found')
  })

  it('guards protected pages for signed-out users with a redirecturl', async () => {
    clearSession()
    expect(await open('/my-items?q=desk')).toMatchObject({ at: '/login?redirecturl=%2Fmy-items%3Fq%3Ddesk', leaf: 'login' })
  })

  it('checks abilities for signed-in users and keeps them off sign-in pages', async () => {
    saveSession(session([{ action: 'read', subject: 'Listing' }]))
    expect((await open('/access-control')).at).toBe('/not-authorized')
    expect((await open('/my-items')).leaf).toBe('my-items')
    expect((await open('/login')).at).toBe('/frontpage')
    saveSession(session([{ action: 'read', subject: 'AclDemo' }]))
    expect((await open('/access-control')).leaf).toBe('access-control')
    clearSession()
  })

  it('names the offer page by its product route name', async () => {
    expect((await open('/pl/offer/abc')).leaf).toBe('frontpage-bit-offer-offerid')
  })
})

describe('add-on pages', { timeout: 300_000 }, () => {
  const kitRoutes = addOns.flatMap((a) => a.routes()).map((p) => deriveRoute(p.pageId))
  const admin = session([{ action: 'manage', subject: 'all' }, { action: 'read', subject: 'AclDemo' }], ['admin'])
  const member = session([{ action: 'read', subject: 'Listing' }, { action: 'read', subject: 'AclDemo' }])

  it('come from the template kit', () => {
    expect(kitRoutes.length).toBeGreaterThan(100)
    expect(kitRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/dashboards/crm', '/front-pages/landing-page', '/pages/authentication/login-v1']))
  })

  // Every kit page, whatever its own meta says (some call themselves public):
  // it opens for an admin, sends a signed-in member to not-authorized and a
  // visitor to sign in.
  it('open for administrators only', async () => {
    const refused: string[] = []
    for (const r of kitRoutes) {
      const path = r.path.replace(/:\w+/g, 'sample').replace('*', 'sample')
      saveSession(admin)
      const asAdmin = await open(path)
      if (asAdmin.leaf !== r.name) refused.push(`admin ${path} -> ${asAdmin.at} (${asAdmin.leaf})`)
      saveSession(member)
      const asMember = await open(path)
      if (asMember.at !== '/not-authorized') refused.push(`member ${path} -> ${asMember.at}`)
      clearSession()
      const asVisitor = await open(path)
      if (asVisitor.at !== loginHref(path)) refused.push(`visitor ${path} -> ${asVisitor.at}`)
    }
    expect(refused).toEqual([])
  })

  it('leave the app whole when no add-on is installed', async () => {
    saveSession(admin)
    expect((await open('/dashboards/crm', site, [])).leaf).toBe('error')
    expect((await open('/my-items', site, [])).leaf).toBe('my-items')
    expect((await open('/pages/misc/not-found', site, [])).leaf).toBe('pages-misc-not-found')
    clearSession()
  })
})

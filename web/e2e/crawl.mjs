// Route crawl, menu click-through, accessibility (axe-core) and template-page
// screenshots, in real Chromium against a running server.
//
// The crawl needs an admin account of the English site: with-server.mjs
// creates one and passes it as SOUK_E2E_ADMIN_EMAIL / SOUK_E2E_ADMIN_PASSWORD.
import { readFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AssertionError, PASSWORD, assert, register, uniqueEmail } from './helpers.mjs'
import { watchCSP } from './csp.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const AXE = require.resolve('axe-core/axe.min.js')

const EN_HOST = 'biblegroups.localhost'
const GREEN_HOST = 'tutoring.localhost'
const ADMIN = { email: process.env.SOUK_E2E_ADMIN_EMAIL, password: process.env.SOUK_E2E_ADMIN_PASSWORD }

/** The spec's route list: beside the checkout when present, else the copy the route tests embed. */
function specRoutes() {
  const candidates = [join(here, '../../../../shared/spec/routes.txt'), join(here, '../../../shared/spec/routes.txt'), '/work/shared/spec/routes.txt']
  const file = candidates.find((f) => existsSync(f))
  assert(file, 'routes.txt not found next to the checkout')
  const routes = []
  let section = ''
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const l = line.trim()
    if (l.startsWith('## ')) section = l.slice(3).trim()
    else if (l.startsWith('/')) routes.push({ pattern: l, section })
  }
  return routes
}

/** Sample values for route parameters, matching the demo data and the listing made for the crawl. */
function fill(pattern, offerId) {
  const sample = { lang: 'en', offerid: offerId, id: '1', filter: 'inbox', label: 'personal', tab: 'account', title: 'create-your-first-listing' }
  const byPath = { '/apps/ecommerce/customer/details/:id': '1000', '/apps/ecommerce/order/details/:id': '5400', '/apps/invoice/edit/:id': '4987', '/apps/invoice/preview/:id': '4987' }
  return pattern.replace(/:(\w+)/g, (_, k) => (k === 'id' && byPath[pattern]) || sample[k])
}

// Pages the spec gives the blank layout (no app menu); every other signed-in page has the menu.
const BLANK = /^\/($|[a-z]{2}$|frontpage|login|register|forgot-password|not-authorized|pages\/misc\/not-found|pages\/authentication\/|front-pages\/|:lang\/offer\/)/
// Public without signing in.
const PUBLIC = /^\/($|[a-z]{2}$|frontpage|login|register|forgot-password|not-authorized|pages\/misc\/not-found|pages\/authentication\/|front-pages\/|:lang\/offer\/|apps\/academy\/my-course$)/
// Template pages: every one must be reachable through the admin menu.
const TEMPLATE_SECTIONS = new Set(['apps', 'charts', 'components', 'dashboards', 'extensions', 'forms', 'front-pages', 'pages', 'tables', 'wizards'])
const PRODUCT_PAGES = new Set(['/pages/misc/not-found', '/apps/bit/add-new-base', '/apps/logistics/dashboard0', '/apps/logistics/dashboard2'])

/** One context whose console errors and page errors are collected, per host of the app. */
async function trackedPage(browser, { viewport = { width: 1280, height: 800 }, bypassCSP = false, consent = true } = {}) {
  const context = await browser.newContext({ locale: 'en-US', viewport, bypassCSP, permissions: ['camera', 'microphone'] })
  // Consent is stored up front so the banner never sits over what is being checked.
  if (consent) await context.addInitScript(() => localStorage.setItem('cookie-banner-consent', 'accept'))
  const page = await context.newPage()
  // The runner fails the scenario on any CSP violation these pages report.
  if (!bypassCSP) await watchCSP(page)
  const errors = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    const from = m.location()?.url ?? ''
    // A resource of another host failing to load (no internet here) is not an app error.
    if (from && !/\.localhost[:/]/.test(from) && /Failed to load resource/.test(m.text())) return
    errors.push(`console: ${m.text().slice(0, 300)}`)
  })
  return { context, page, errors }
}

async function signIn(page, siteUrl, host, email, password) {
  await page.goto(siteUrl(host, '/login?lang=en'))
  await page.getByLabel(/^e-mail/i).fill(email)
  await page.locator('input[autocomplete="current-password"]').fill(password)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20000 })
}

/** The page shows a visible level-1 heading and no error screen. */
async function checkPage(page, label, errors) {
  const h1 = page.getByRole('heading', { level: 1 }).first()
  try {
    await h1.waitFor({ state: 'visible', timeout: 20000 })
  } catch {
    throw new AssertionError(`${label}: no visible main heading (at ${page.url()})`)
  }
  const broken = await page.getByText(/Something went wrong|Unexpected Application Error/).count()
  assert(broken === 0, `${label}: error screen`)
  assert(errors.length === 0, `${label}: ${errors.join(' | ')}`)
}

async function hasMenu(page) {
  return (await page.locator('nav[aria-label="Main menu"]').count()) > 0
}

/** Opens every collapsed group of the vertical menu. */
async function expandMenu(page) {
  await page.locator('nav[aria-label="Main menu"]').waitFor()
  const closed = page.locator('nav[aria-label="Main menu"] [aria-expanded="false"]')
  for (let i = 0; i < 80 && (await closed.count()) > 0; i++) await closed.first().click()
}

/** A listing to open on the offer page, made through the API as the signed-in user. */
async function makeListing(page) {
  return page.evaluate(async () => {
    const token = localStorage.getItem('accessToken')
    const res = await fetch('/api/listings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ productName: 'Walnut bookshelf', description: 'Five shelves, solid walnut, collection in the city centre.', price: { amount: '180.00', currency: 'EUR' }, duration: 30, location: 'Kraków' }),
    })
    if (!res.ok) throw new Error(`create listing: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()).id
  })
}

async function axeCheck(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] })
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
  })
  assert(result.length === 0, `${label}: ${result.join(' | ')}`)
}

export const crawlScenarios = [
  {
    name: 'route-crawl-admin-and-menu',
    async run({ browser, siteUrl }) {
      assert(ADMIN.email && ADMIN.password, 'SOUK_E2E_ADMIN_EMAIL and SOUK_E2E_ADMIN_PASSWORD are not set (with-server.mjs sets them)')
      const { page, context, errors } = await trackedPage(browser)
      await signIn(page, siteUrl, EN_HOST, ADMIN.email, ADMIN.password)
      const offerId = await makeListing(page)
      const routes = specRoutes()

      // 1. Every template page by clicking through the menu, from the vertical layout.
      await page.goto(siteUrl(EN_HOST, '/my-items?lang=en'))
      await checkPage(page, '/my-items', errors)
      await expandMenu(page)
      const menu = page.locator('nav[aria-label="Main menu"]')
      const hrefs = [...new Set(await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))]
      const shape = (p) => p.replace(/\/[^/]+/g, (seg) => seg).split('?')[0]
      const templates = routes.filter((r) => TEMPLATE_SECTIONS.has(r.section) && !PRODUCT_PAGES.has(r.pattern))
      const matches = (pattern, href) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(shape(href))
      const unreachable = templates.filter((r) => r.pattern !== '/apps/email/:label' && !hrefs.some((h) => matches(r.pattern, h)))
      assert(unreachable.length === 0, `not in the admin menu: ${unreachable.map((r) => r.pattern).join(', ')}`)
      const visited = new Set()
      let previousHeading = await page.locator('h1').first().textContent()
      for (const href of hrefs) {
        if (!templates.some((r) => matches(r.pattern, href))) continue
        // A blank-layout page leaves the menu behind, and a menu still settling after a
        // reload can swap the element under the pointer: reopen the groups and try again.
        for (let attempt = 1; ; attempt++) {
          try {
            if (!(await menu.locator(`a[href="${href}"]`).count())) {
              await page.goto(siteUrl(EN_HOST, '/my-items'))
              await checkPage(page, '/my-items', errors)
              await expandMenu(page)
            }
            previousHeading = await page.locator('h1').first().textContent()
            await menu.locator(`a[href="${href}"]`).first().click({ timeout: 8000 })
            // A click that lands while the menu re-renders may not navigate:
            // it counts only once the address is the link's.
            await page.waitForURL((u) => u.pathname === href.split('?')[0], { timeout: 15000 })
            break
          } catch (err) {
            if (attempt === 3) throw err
            await page.goto(siteUrl(EN_HOST, '/my-items'))
            await checkPage(page, '/my-items', errors)
            await expandMenu(page)
          }
        }
        const pattern = templates.find((r) => matches(r.pattern, href))?.pattern ?? ''
        // The address changes before the page's chunk arrives: wait for the new page itself.
        if (BLANK.test(pattern)) await menu.waitFor({ state: 'detached', timeout: 20000 })
        else await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, previousHeading, { timeout: 5000 }).catch(() => undefined)
        await checkPage(page, `menu → ${href}`, errors)
        previousHeading = await page.locator('h1').first().textContent()
        assert((await hasMenu(page)) === !BLANK.test(pattern), `menu → ${href}: expected the ${BLANK.test(pattern) ? 'blank' : 'default'} layout`)
        visited.add(pattern)
      }
      assert(visited.size >= templates.length - 1, `clicked ${visited.size} template pages, expected ${templates.length - 1}`)

      // 2. Every other route of the spec, typed in, as an admin.
      for (const r of routes) {
        if (visited.has(r.pattern)) continue
        const path = fill(r.pattern, offerId)
        await page.goto(siteUrl(EN_HOST, path))
        await checkPage(page, `admin ${path}`, errors)
        const landed = new URL(page.url()).pathname
        const blank = BLANK.test(r.pattern) || BLANK.test(landed)
        if (landed === path.split('?')[0]) assert((await hasMenu(page)) === !blank, `admin ${path}: expected the ${blank ? 'blank' : 'default'} layout`)
        // The language routes switch the interface language; the menu is found by its English name.
        if (/^\/[a-z]{2}$/.test(path)) await page.goto(siteUrl(EN_HOST, '/frontpage?lang=en'))
      }

      await context.close()
    },
  },
  {
    name: 'route-crawl-signed-out',
    async run({ browser, siteUrl }) {
      const { page, context, errors } = await trackedPage(browser)
      for (const r of specRoutes()) {
        if (!PUBLIC.test(r.pattern) || r.pattern === '/:lang/offer/:offerid') continue
        const path = fill(r.pattern, 'x')
        await page.goto(siteUrl(EN_HOST, path))
        await checkPage(page, `signed out ${path}`, errors)
        assert(!(await hasMenu(page)) || r.pattern === '/apps/academy/my-course', `signed out ${path}: the app menu shows to a visitor`)
        if (/^\/[a-z]{2}$/.test(path)) await page.goto(siteUrl(EN_HOST, '/frontpage?lang=en'))
      }
      // A protected page sends a visitor to sign in.
      await page.goto(siteUrl(EN_HOST, '/dashboards/crm'))
      await page.waitForURL((u) => u.pathname === '/login')
      await context.close()
    },
  },
  {
    name: 'admin-menu-horizontal-popovers',
    async run({ browser, siteUrl }) {
      assert(ADMIN.email && ADMIN.password, 'admin account not set')
      const { page, context, errors } = await trackedPage(browser)
      await signIn(page, siteUrl, EN_HOST, ADMIN.email, ADMIN.password)
      await page.goto(siteUrl(EN_HOST, '/my-items'))
      await page.getByRole('button', { name: 'Open theme customizer' }).click()
      await page.getByRole('button', { name: /^horizontal$/i }).click()
      await page.keyboard.press('Escape')
      const bar = page.locator('nav[aria-label="Main menu"]')
      for (const group of ['Dashboards', 'Apps', 'Pages', 'Components', 'Forms', 'Tables', 'Charts', 'Extensions', 'Wizard examples', 'Front pages']) {
        await bar.getByRole('button', { name: group, exact: true }).click()
        const popover = page.getByRole('menu', { name: group })
        await popover.waitFor()
        assert((await popover.getByRole('menuitem').count()) > 1, `${group} popover is empty`)
        await page.keyboard.press('Escape')
        await popover.waitFor({ state: 'detached' })
      }
      await bar.getByRole('button', { name: 'Charts', exact: true }).click()
      await page.getByRole('menuitem', { name: 'ApexCharts' }).click()
      await page.waitForURL((u) => u.pathname === '/charts/apex-chart')
      await checkPage(page, 'horizontal → apex chart', errors)
      await context.close()
    },
  },
]

// One page per template group, at desktop and phone width, in English and Arabic.
const SHOT_PAGES = [
  '/dashboards/crm',
  '/apps/logistics/dashboard',
  '/apps/user/list',
  '/apps/ecommerce/product/list',
  '/apps/calendar',
  '/pages/account-settings/account',
  '/pages/authentication/login-v1',
  '/components/alert',
  '/forms/editors',
  '/tables/data-table',
  '/charts/apex-chart',
  '/extensions/swiper',
  '/wizard-examples/checkout',
  '/front-pages/landing-page',
]

crawlScenarios.push(
  {
    name: 'admin-diagnostics-connection-check',
    async run({ browser, siteUrl, artifacts }) {
      assert(ADMIN.email && ADMIN.password, 'admin account not set')
      const { page, context, errors } = await trackedPage(browser)
      await signIn(page, siteUrl, EN_HOST, ADMIN.email, ADMIN.password)
      await page.goto(siteUrl(EN_HOST, '/my-items'))
      // Reached from the admin menu.
      await page.locator('nav[aria-label="Main menu"]').getByRole('link', { name: 'Diagnostics' }).click()
      await page.waitForURL((u) => u.pathname === '/admin/diagnostics')
      await checkPage(page, 'diagnostics', errors)
      await page.getByRole('button', { name: 'Run the checks' }).click()
      await page.getByRole('status').filter({ hasText: /checks passed|checks failed/ }).waitFor({ timeout: 120000 })
      await page.screenshot({ path: join(artifacts, 'admin-diagnostics.png'), fullPage: true })
      const results = await page.locator('[data-check]').evaluateAll((els) =>
        els.map((el) => ({ name: el.getAttribute('data-check'), status: el.getAttribute('data-status'), messages: [...el.querySelectorAll('li')].map((li) => li.textContent) })),
      )
      const names = results.map((r) => r.name).join(',')
      assert(names === 'WebSocket,WebRTC,TURN,Reconnect,PublishAudio,PublishVideo', `checks shown: ${names}`)
      const failed = results.filter((r) => r.status !== 'passed')
      assert(failed.length === 0, `checks not passed: ${failed.map((r) => `${r.name} (${r.messages.join(' / ')})`).join('; ')}`)
      await context.close()
    },
  },
  {
    name: 'axe-product-pages-two-sites-en-ar',
    async run({ browser, siteUrl }) {
      for (const host of [EN_HOST, GREEN_HOST]) {
        const { page, context, errors } = await trackedPage(browser, { bypassCSP: true, consent: false })
        const email = uniqueEmail('axe')
        await register(page, siteUrl, host, { name: 'Amira Haddad', email })
        const offerId = await makeListing(page)
        for (const lang of ['en', 'ar']) {
          const visit = async (path, label) => {
            await page.goto(siteUrl(host, `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`))
            await checkPage(page, `${host} ${lang} ${label}`, errors)
            await axeCheck(page, `${host} ${lang} ${label}`)
          }
          if (lang !== 'en') await signIn(page, siteUrl, host, email, PASSWORD)
          // Signed in: the seller's pages and the call screen.
          await visit('/add-new', 'add-new')
          await visit('/my-items', 'my-items')
          await visit('/my-messages', 'my-messages')
          await visit(`/${lang}/offer/${offerId}`, 'offer page')
          await visit('/my-call', 'call screen')
          // Signed out: the pages a visitor sees.
          await page.evaluate(() => {
            for (const k of ['accessToken', 'apiToken', 'userId']) localStorage.removeItem(k)
          })
          await visit('/frontpage', 'front page')
          await visit('/login', 'login')
          await visit('/register', 'register')
          await visit(`/${lang}/offer/${offerId}`, 'offer page (visitor)')
        }
        await context.close()
      }
    },
  },
  {
    name: 'template-screenshots-en-ar',
    async run({ browser, siteUrl, artifacts }) {
      assert(ADMIN.email && ADMIN.password, 'admin account not set')
      const { page, context, errors } = await trackedPage(browser)
      await signIn(page, siteUrl, EN_HOST, ADMIN.email, ADMIN.password)
      for (const lang of ['en', 'ar']) {
        for (const path of SHOT_PAGES) {
          await page.setViewportSize({ width: 1280, height: 800 })
          await page.goto(siteUrl(EN_HOST, `${path}?lang=${lang}`))
          await checkPage(page, `${lang} ${path}`, errors)
          const name = `template-${path.slice(1).replace(/\//g, '-')}-${lang}`
          await page.screenshot({ path: join(artifacts, `${name}-1280.png`) })
          await page.setViewportSize({ width: 390, height: 844 })
          await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' })
          await page.screenshot({ path: join(artifacts, `${name}-390.png`) })
        }
      }
      await context.close()
    },
  },
)

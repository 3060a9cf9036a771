// The life of a call between two users, in real browsers against a real
// server: "Ringing…" and Cancel, accept, the end screen and "Call again",
// decline, no answer after 30 s, and a callee with two tabs. Each state of
// the call screen (pre-join, ringing, in call, ended) is checked with axe
// (no critical or serious violation) and photographed at 1280 and 390 px,
// on two sites, in English and in Arabic.
//
// Scenarios are built from the steps below (register, placeCall, answer,
// hangUp, checkState), so that further ones (controls, end-to-end
// encryption) slot in as more entries of `callScenarios`.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PASSWORD, assert, dismissCookies, newPage, shot, uniqueEmail } from './helpers.mjs'

const require = createRequire(import.meta.url)
const AXE = require.resolve('axe-core/axe.min.js')
const here = dirname(fileURLToPath(import.meta.url))

/** The calls wording of a language, so steps find buttons by their visible names. */
const wordsCache = new Map()
export function words(lang) {
  if (!wordsCache.has(lang)) wordsCache.set(lang, JSON.parse(readFileSync(join(here, '..', 'src', 'locales', 'calls', `${lang}.json`), 'utf8')))
  return wordsCache.get(lang)
}

/** Two sites: one English by default, one Arabic by default. */
export const SITES = { en: 'biblegroups.localhost', ar: 'crafts.localhost' }

/** How long the server lets an invitation ring (platform.InvitationTTL). */
const INVITATION_TTL_MS = 30_000

/** A user of `host` who sees the app in `lang`, signed up through the form (in English), with camera and microphone allowed. */
export async function user(browser, siteUrl, host, name, lang) {
  const p = await newPage(browser, { locale: lang === 'ar' ? 'ar' : 'en-US', viewport: { width: 1280, height: 900 } })
  await p.page.goto(siteUrl(host, '/register?lang=en'))
  await p.page.getByLabel('Display name').fill(name)
  await p.page.getByLabel(/^e-mail/i).fill(uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')))
  await p.page.locator('input[autocomplete="new-password"]').fill(PASSWORD)
  await p.page.locator('form button[type="submit"]').click()
  await p.page.waitForURL((u) => !u.pathname.startsWith('/register'), { timeout: 20000 })
  p.id = await p.page.evaluate(() => localStorage.getItem('userId'))
  p.name = name
  p.host = host
  p.lang = lang
  p.w = words(lang)
  // Later pages open in the user's language.
  await p.page.goto(siteUrl(host, `/my-items?lang=${lang}`))
  await dismissCookies(p.page)
  return p
}

/** Opens `path` in the user's language. */
export async function open(p, siteUrl, path) {
  const sep = path.includes('?') ? '&' : '?'
  await p.page.goto(siteUrl(p.host, `${path}${sep}lang=${p.lang}`))
}

/** Waits until the document is in the user's language (the wording loads on demand). */
async function inLanguage(p) {
  await p.page.waitForFunction((lang) => document.documentElement.lang === lang, p.lang, { timeout: 20000 })
}

/** The in-call room's hang-up button, whichever version of the room is built in. */
function leaveButton(p) {
  return p.page.locator('[data-testid="leave-call"]').or(p.page.getByRole('button', { name: p.w.call.leave, exact: true })).first()
}

/** The callee's invitation overlay. */
function overlay(p) {
  return p.page.getByRole('alertdialog', { name: p.w.invitation.title })
}

/** Caller places a call to callee from the call link a conversation or listing uses; resolves once it rings. */
export async function placeCall(caller, callee, siteUrl, { title = 'Walnut table' } = {}) {
  const q = new URLSearchParams({ to: callee.id, name: callee.name, title, back: '/my-messages' })
  await open(caller, siteUrl, `/my-call?${q}`)
  await caller.page.getByTestId('ringing').waitFor({ timeout: 30000 })
}

/** The callee answers from the overlay; resolves once both see each other's video. */
export async function answer(caller, callee) {
  const o = overlay(callee)
  await o.waitFor({ timeout: 20000 })
  await o.getByRole('button', { name: callee.w.invitation.accept }).click()
  await callee.page.waitForURL(/\/my-call\?room=/)
  await caller.page.getByTestId('ringing').waitFor({ state: 'detached', timeout: 20000 })
  for (const p of [caller, callee]) {
    await p.page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="remote-tile"] video')
      return v instanceof HTMLVideoElement && v.videoWidth > 0
    }, null, { timeout: 45000 })
  }
}

/** Whether the page still has a live camera track (the room keeps it while connected). */
async function cameraLive(p) {
  return p.page.evaluate(() => [...document.querySelectorAll('video')].some((v) => v.srcObject instanceof MediaStream && v.srcObject.getVideoTracks().some((t) => t.readyState === 'live')))
}

/** Waits for the end screen with `reason` (a key of calls:ended, or null for a plain hang-up) and no room left. */
export async function expectEnded(p, reason, { timeout = 20000 } = {}) {
  const ended = p.page.getByTestId('call-ended')
  await ended.waitFor({ timeout })
  await p.page.getByRole('heading', { level: 1, name: p.w.ended.title }).waitFor()
  if (reason) {
    const text = await p.page.getByTestId('end-reason').innerText()
    assert(text === p.w.ended[reason], `end reason "${text}", want "${p.w.ended[reason]}"`)
  }
  assert(!(await p.page.locator('[data-testid="local-tile"]').count()), 'the room is gone after the call ended')
  await p.page.waitForFunction(() => ![...document.querySelectorAll('video')].some((v) => v.srcObject), null, { timeout: 10000 })
  assert(!(await cameraLive(p)), 'the camera is off after the call ended')
  const text = await p.page.locator('body').innerText()
  assert(!/call-[0-9a-f]{6}/i.test(text), 'no room id on the end screen')
  assert(!(await p.page.getByRole('textbox').count()), 'no form on the end screen')
}

let axeCode = null
const axeSource = () => (axeCode ??= readFileSync(AXE, 'utf8'))

/** axe on the whole page: no critical or serious violation. */
export async function axeCheck(page, label) {
  // Evaluated rather than added as a <script>: the page's CSP (watched
  // for violations) allows no inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource())
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] })
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
  })
  assert(found.length === 0, `axe, ${label}: ${found.join(' | ')}`)
}

/**
 * Resizes and waits for the layout to settle: the menu drawer slides in or
 * out after a resize, and a full-page screenshot taken meanwhile is wider
 * than the window.
 */
async function resize(page, width, height) {
  await page.setViewportSize({ width, height })
  await page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= window.innerWidth + 1 && document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => {})
}

/** One state of the call screen: axe, then screenshots at 1280 and 390 px. */
export async function checkState(p, artifacts, state) {
  await inLanguage(p)
  const label = `call-${state}-${p.host.split('.')[0]}-${p.lang}`
  await axeCheck(p.page, label)
  const size = p.page.viewportSize()
  await resize(p.page, 1280, 900)
  await shot(p.page, artifacts, `${label}-1280`)
  await resize(p.page, 390, 844)
  await shot(p.page, artifacts, `${label}-390`)
  const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)
  assert(!overflow, `${label}: the page scrolls sideways at 390 px`)
  await axeCheck(p.page, `${label} at 390 px`)
  if (size) await p.page.setViewportSize(size)
}

export async function hangUp(p) {
  await leaveButton(p).click()
}

/**
 * The states of the call screen on one site in one language: pre-join,
 * ringing, cancel, call again, in call, ended after a hang-up.
 */
function statesScenario(lang, host) {
  return {
    name: `calls-states-${host.split('.')[0]}-${lang}`,
    async run({ browser, siteUrl, artifacts }) {
      const a = await user(browser, siteUrl, host, 'Carla Caller', lang)
      const b = await user(browser, siteUrl, host, 'Tom Tutor', lang)
      try {
        // /my-call opened directly: the spec's pre-join screen.
        await open(a, siteUrl, '/my-call')
        await a.page.getByRole('button', { name: a.w.call.join }).waitFor()
        await a.page.getByTestId('room-title').waitFor()
        await checkState(a, artifacts, 'prejoin')

        // Ringing, then the caller cancels: the callee's overlay goes away.
        await open(b, siteUrl, '/my-items')
        await placeCall(a, b, siteUrl)
        await overlay(b).waitFor({ timeout: 20000 })
        const ringingTitle = await b.page.title()
        await checkState(a, artifacts, 'ringing')
        await checkState(b, artifacts, 'incoming')
        await a.page.getByRole('button', { name: a.w.ringing.cancel }).click()
        await expectEnded(a, 'cancelled')
        await overlay(b).waitFor({ state: 'detached', timeout: 15000 })
        assert(ringingTitle.length > 0, 'the callee tab had a title while ringing')

        // "Call again" rings again; this time the callee accepts.
        await a.page.getByRole('button', { name: a.w.ended.callAgain }).click()
        await a.page.getByTestId('ringing').waitFor({ timeout: 30000 })
        await answer(a, b)
        await checkState(a, artifacts, 'in-call')
        await checkState(b, artifacts, 'in-call-callee')

        // The caller hangs up: the end screen with the duration and the way back.
        await hangUp(a)
        await expectEnded(a, null)
        await a.page.getByTestId('call-duration').waitFor()
        await a.page.getByRole('link', { name: a.w.ended.backToMessages }).waitFor()
        await checkState(a, artifacts, 'ended')
        await b.page.getByTestId('remote-tile').waitFor({ state: 'detached', timeout: 20000 })
        await hangUp(b)
        await expectEnded(b, null)
      } finally {
        await a.context.close()
        await b.context.close()
      }
    },
  }
}

export const callScenarios = [
  statesScenario('en', SITES.en),
  statesScenario('ar', SITES.ar),
  statesScenario('ar', SITES.en),
  statesScenario('en', SITES.ar),
  {
    // A declined call ends at once; one nobody answers ends by itself after 30 s.
    name: 'calls-decline-and-no-answer',
    async run({ browser, siteUrl, artifacts }) {
      const a = await user(browser, siteUrl, SITES.en, 'Dana Caller', 'en')
      const b = await user(browser, siteUrl, SITES.en, 'Eve Seller', 'en')
      try {
        await open(b, siteUrl, '/my-items')
        await placeCall(a, b, siteUrl)
        const o = overlay(b)
        await o.waitFor({ timeout: 20000 })
        const declinedAt = Date.now()
        await o.getByRole('button', { name: b.w.invitation.decline }).click()
        await expectEnded(a, 'declined', { timeout: 10000 })
        assert(Date.now() - declinedAt < 10000, 'a decline ends the call at once')
        await shot(a.page, artifacts, 'call-declined-en')

        // Nobody answers: the callee's tab is closed.
        await b.context.close()
        await placeCall(a, b, siteUrl)
        const ringingSince = Date.now()
        await expectEnded(a, 'noAnswer', { timeout: INVITATION_TTL_MS + 20000 })
        const waited = Date.now() - ringingSince
        assert(waited >= INVITATION_TTL_MS - 3000, `no answer came after ${waited} ms, before the 30 s`)
        await shot(a.page, artifacts, 'call-no-answer-en')
      } finally {
        await a.context.close()
        await b.context.close().catch(() => {})
      }
    },
  },
  {
    // A callee with two tabs: both ring; answering in one stops the other.
    name: 'calls-answered-elsewhere',
    async run({ browser, siteUrl }) {
      const a = await user(browser, siteUrl, SITES.en, 'Fay Caller', 'en')
      const b = await user(browser, siteUrl, SITES.en, 'Gus Seller', 'en')
      const b2 = { ...b, page: await b.context.newPage() }
      try {
        await open(b, siteUrl, '/my-items')
        await open(b2, siteUrl, '/my-items')
        await placeCall(a, b, siteUrl)
        await overlay(b).waitFor({ timeout: 20000 })
        await overlay(b2).waitFor({ timeout: 20000 })
        // The other tab flashes its title while it rings (polled: a
        // background tab runs no animation frames).
        await b2.page.waitForFunction((name) => document.title.includes(name), a.name, { timeout: 10000, polling: 200 })
        await answer(a, b)
        await overlay(b2).waitFor({ state: 'detached', timeout: 15000 })
        // …and stops: the title stays the page's own for 3 s running.
        await b2.page.waitForFunction(
          (name) => {
            const w = window
            w.__quietSince ??= Date.now()
            if (document.title.includes(name)) w.__quietSince = Date.now()
            return Date.now() - w.__quietSince > 3000
          },
          a.name,
          { timeout: 20000, polling: 200 },
        )
        await hangUp(a)
        await expectEnded(a, null)
      } finally {
        await a.context.close()
        await b.context.close()
      }
    },
  },
]

// The in-call room in real Chromium against a real `souk serve`: mute and
// camera seen by the other side, a screen share decoded on the other side,
// switching devices (and the choice applied on the next join), the
// reconnecting banner, three people in a grid, axe in English and Arabic, and
// screenshots at 1280 and 390 px.
//
//   node web/e2e/call-room.mjs ./bin/souk      (starts the server through with-server.mjs)
//
// run.mjs also runs it as the scenario "call-room". Two people join a call
// made through the API the call screen uses (POST /api/calls, then /token
// from the call screen); a third person, whom today's calls cannot invite,
// gets a token signed with the server's media key (with-server.mjs sets
// SOUK_MEDIA_KEYS) and handed to the call screen in place of the /token answer.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AssertionError, assert, dismissCookies, newPage, register, animationsSettled, shot, uniqueEmail } from './helpers.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const AXE = require.resolve('axe-core/axe.min.js')
const EN_HOST = 'biblegroups.localhost'
const LONG = 60_000

/**
 * Chromium with fake cameras and microphones, and a screen picked without
 * asking. Its fake cameras are I420, Y16 (a depth format, which previews but
 * never reaches a video encoder) and MJPEG: a switch goes from the first to
 * the third.
 */
let shared = null

/** Closes every context of `browser` (a failed scenario's pages would go on sending video). */
export async function closeContexts(browser) {
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})))
}

/** The media browser, launched once for every call scenario of the run. */
export function mediaBrowser() {
  shared ??= launchMediaBrowser()
  return shared
}

/** Closes the shared media browser (run.mjs, at the end of the run). */
export async function closeMediaBrowser() {
  if (!shared) return
  const b = await shared.catch(() => null)
  shared = null
  await b?.close()
}

async function launchMediaBrowser() {
  const { chromium } = await import('playwright-core')
  const server = new URL(process.env.SOUK_E2E_URL)
  return chromium.launch({
    executablePath: process.env.SOUK_E2E_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream=device-count=3',
      '--use-fake-ui-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
      '--autoplay-policy=no-user-gesture-required',
      `--host-resolver-rules=MAP *.localhost ${server.hostname}`,
    ],
  })
}

async function axeCheck(page, label) {
  await animationsSettled(page)
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self')
  // refuses an injected <script>, and these pages keep their CSP watched.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'))
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] })
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
  })
  assert(found.length === 0, `axe ${label}: ${found.join(' | ')}`)
}

/** Screenshots at 1280 and 390 px; at 390 px nothing may scroll sideways. */
async function shotsAt1280And390(page, artifacts, name) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await shot(page, artifacts, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  // Let the layout settle before measuring.
  await page.waitForFunction(() => window.innerWidth === 390, null, { timeout: LONG })
  await shot(page, artifacts, `${name}-390`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  if (overflow > 1) {
    const culprits = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1)
        })
        .slice(0, 6)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 2).join('.')}[${el.getAttribute('data-testid') ?? ''}] ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`),
    )
    throw new AssertionError(`${name}: the page scrolls sideways by ${overflow} px at 390 px: ${culprits.join(' | ')}`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

export const remoteTile = (page, identity) => page.locator(`[data-testid="remote-tile"][data-identity="${identity}"]`)

/** Waits until the <video> in `selector` decodes new frames (not just one). */
export async function waitForFrames(page, selector, label) {
  try {
    await page.waitForFunction(
      (sel) => {
        const v = document.querySelector(`${sel} video`)
        if (!(v instanceof HTMLVideoElement) || v.videoWidth === 0) return false
        const n = v.getVideoPlaybackQuality().totalVideoFrames
        const seen = Number(v.dataset.e2eFrames ?? -1)
        if (seen < 0) v.dataset.e2eFrames = String(n)
        return seen >= 0 && n >= seen + 5
      },
      selector,
      { timeout: LONG, polling: 250 },
    )
  } catch (err) {
    const state = await page.evaluate((sel) => {
      const tile = document.querySelector(sel)
      const v = tile?.querySelector('video')
      if (!(v instanceof HTMLVideoElement)) return { tile: tile?.outerHTML.slice(0, 300) ?? null }
      const track = v.srcObject instanceof MediaStream ? v.srcObject.getVideoTracks()[0] : null
      return { w: v.videoWidth, frames: v.getVideoPlaybackQuality().totalVideoFrames, paused: v.paused, track: track && { state: track.readyState, muted: track.muted, enabled: track.enabled } }
    }, selector)
    throw new AssertionError(`${label}: no video frames decoded in ${selector}: ${JSON.stringify(state)} (${err instanceof Error ? err.message : err})`)
  }
  // The next wait counts from a fresh start.
  await page.evaluate((sel) => {
    const v = document.querySelector(`${sel} video`)
    if (v instanceof HTMLVideoElement) delete v.dataset.e2eFrames
  }, selector)
}

export async function waitForAttr(locator, name, value, label) {
  try {
    await locator.and(locator.page().locator(`[${name}="${value}"]`)).waitFor({ timeout: LONG })
  } catch {
    const now = await locator.getAttribute(name).catch(() => '(gone)')
    throw new AssertionError(`${label}: ${name} stayed ${now}, expected ${value}`)
  }
}

/** A media token for `identity` in `room`, signed with the server's media key. */
export async function signToken(room, identity, name) {
  const keys = process.env.SOUK_MEDIA_KEYS
  assert(keys, 'SOUK_MEDIA_KEYS is not set (with-server.mjs sets it)')
  const [apiKey, secret] = keys.split(',')[0].split(':')
  const { AccessToken } = await import('livekit-server-sdk')
  const at = new AccessToken(apiKey.trim(), secret.trim(), { identity, name, ttl: '10m' })
  at.addGrant({ room, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true })
  return at.toJwt()
}

async function joinCall(page, siteUrl, room, lang) {
  await page.goto(siteUrl(EN_HOST, `/my-call?room=${encodeURIComponent(room)}&join=1&lang=${lang}`))
  await page.getByTestId('local-tile').waitFor({ timeout: LONG })
  await page.getByTestId('call-title').waitFor({ timeout: LONG })
}

async function person(browser, siteUrl, name, tag) {
  const p = await newPage(browser, { viewport: { width: 1280, height: 800 } })
  const id = await register(p.page, siteUrl, EN_HOST, { name, email: uniqueEmail(tag) })
  await dismissCookies(p.page)
  return { ...p, id, name }
}

export const callRoomScenarios = [
  {
    name: 'call-room',
    async run({ siteUrl, artifacts }) {
      const browser = await mediaBrowser()
      try {
        const b = await person(browser, siteUrl, 'Basma Seller', 'room-b')
        const a = await person(browser, siteUrl, 'Adam Buyer', 'room-a')
        // The call, made as the call screen makes it.
        const room = await a.page.evaluate(async (calleeId) => {
          const res = await fetch('/api/calls', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
            body: JSON.stringify({ calleeId }),
          })
          if (!res.ok) throw new Error(`POST /api/calls: ${res.status} ${await res.text()}`)
          return (await res.json()).roomName
        }, b.id)
        await Promise.all([joinCall(a.page, siteUrl, room, 'en'), joinCall(b.page, siteUrl, room, 'ar')])

        // Video both ways.
        await remoteTile(a.page, b.id).waitFor({ timeout: LONG })
        await remoteTile(b.page, a.id).waitFor({ timeout: LONG })
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B')
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A')
        assert((await b.page.evaluate(() => document.documentElement.dir)) === 'rtl', 'the Arabic call is right-to-left')
        assert((await a.page.getByTestId('call-title').evaluate((el) => el.tagName)) === 'H1', 'the call title is the h1')

        // Microphone: the button, then the shortcut; the other side sees it (TrackMuted / TrackUnmuted).
        const aMic = a.page.getByTestId('toggle-mic')
        await waitForAttr(aMic, 'aria-pressed', 'true', 'A microphone starts on')
        await aMic.click()
        await waitForAttr(aMic, 'aria-pressed', 'false', 'A microphone button after a click')
        await waitForAttr(remoteTile(b.page, a.id), 'data-muted', 'true', 'B sees A muted')
        await waitForAttr(a.page.getByTestId('local-tile'), 'data-muted', 'true', 'A own tile muted')
        await b.page.getByRole('group', { name: /الميكروفون متوقف/ }).waitFor({ timeout: LONG })
        await a.page.keyboard.press('Control+d')
        await waitForAttr(remoteTile(b.page, a.id), 'data-muted', 'false', 'B sees A unmuted after Ctrl+D')
        await waitForAttr(aMic, 'aria-pressed', 'true', 'A microphone button after Ctrl+D')

        // Camera off by the shortcut, on by the button.
        await a.page.keyboard.press('Control+e')
        await waitForAttr(remoteTile(b.page, a.id), 'data-camera', 'off', 'B sees A camera off')
        await waitForAttr(a.page.getByTestId('toggle-camera'), 'aria-pressed', 'false', 'A camera button after Ctrl+E')
        await a.page.getByTestId('toggle-camera').click()
        await waitForAttr(remoteTile(b.page, a.id), 'data-camera', 'on', 'B sees A camera on')
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after camera on')

        // Screen share: on the stage on the other side, decoded.
        await a.page.getByTestId('toggle-screen').click()
        await b.page.getByTestId('screen-share-stage').waitFor({ timeout: LONG })
        await waitForFrames(b.page, '[data-testid="screen-share-stage"]', 'B sees A screen')
        await a.page.getByTestId('screen-share-stage').waitFor({ timeout: LONG })
        await shotsAt1280And390(b.page, artifacts, 'call-room-screen-share-ar')
        await a.page.getByTestId('toggle-screen').click()
        await b.page.getByTestId('screen-share-stage').waitFor({ state: 'detached', timeout: LONG })
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after the screen share')

        // In call: axe and screenshots, English and Arabic.
        await axeCheck(a.page, 'in call en')
        await axeCheck(b.page, 'in call ar')
        await shotsAt1280And390(a.page, artifacts, 'call-room-in-call-en')
        await shotsAt1280And390(b.page, artifacts, 'call-room-in-call-ar')

        // Reconnecting: B loses the network for a while.
        await b.context.setOffline(true)
        await b.page.getByTestId('reconnecting-banner').waitFor({ timeout: 90_000 })
        await b.page.getByRole('status').filter({ hasText: 'جارٍ إعادة الاتصال' }).waitFor({ timeout: LONG })
        await axeCheck(b.page, 'reconnecting ar')
        await shotsAt1280And390(b.page, artifacts, 'call-room-reconnecting-ar')
        await b.context.setOffline(false)
        await b.page.getByTestId('reconnecting-banner').waitFor({ state: 'detached', timeout: 90_000 })
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after reconnecting')

        // A third person: three tiles in a grid on every side.
        const c = await person(browser, siteUrl, 'Chen Friend', 'room-c')
        const token = await signToken(room, c.id, c.name)
        await c.page.route('**/token', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token }) }))
        await joinCall(c.page, siteUrl, room, 'en')
        for (const [p, label] of [
          [a.page, 'A'],
          [b.page, 'B'],
          [c.page, 'C'],
        ]) {
          await p.waitForFunction(() => document.querySelectorAll('[data-testid="remote-tile"]').length === 2, null, { timeout: LONG })
          const cols = await p.getByTestId('participant-grid').getAttribute('data-columns')
          assert(cols === '2', `${label}: three people take two columns, got ${cols}`)
        }
        await waitForFrames(c.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'C sees A')
        await waitForFrames(c.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'C sees B')
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${c.id}"]`, 'A sees C')
        await axeCheck(c.page, 'three people en')
        await shotsAt1280And390(c.page, artifacts, 'call-room-three-en')
        await shotsAt1280And390(b.page, artifacts, 'call-room-three-ar')

        // Leaving: the others see the tile go.
        await c.page.getByTestId('leave-call').click()
        await remoteTile(a.page, c.id).waitFor({ state: 'detached', timeout: LONG })
        await remoteTile(b.page, c.id).waitFor({ state: 'detached', timeout: LONG })

        // Devices: switch camera and microphone; the choice is kept in this browser.
        await a.page.getByTestId('device-settings').click()
        const camSelect = a.page.getByTestId('select-videoinput')
        await camSelect.waitFor({ timeout: LONG })
        await a.page.waitForFunction(() => document.querySelectorAll('[data-testid="select-videoinput"] option[value]:not([value=""])').length >= 2, null, { timeout: LONG })
        const cams = await camSelect.locator('option').evaluateAll((os) => os.map((o) => ({ id: o.value, label: o.textContent })).filter((o) => o.id))
        const activeCam = await camSelect.inputValue()
        const nextCam = (cams.find((c) => c.label === 'fake_device_2') ?? cams.find((c) => c.id !== activeCam)).id
        assert(nextCam !== activeCam, `a second camera to switch to: ${JSON.stringify(cams)}`)
        await camSelect.selectOption(nextCam)
        await a.page.waitForFunction(
          (id) => {
            const v = document.querySelector('[data-testid="local-tile"] video')
            const track = v?.srcObject instanceof MediaStream ? v.srcObject.getVideoTracks()[0] : null
            return track?.getSettings().deviceId === id
          },
          nextCam,
          { timeout: LONG },
        )
        await waitForFrames(a.page, '[data-testid="local-tile"]', 'A own camera after the switch')
        const mics = await a.page.getByTestId('select-audioinput').locator('option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean))
        const activeMic = await a.page.getByTestId('select-audioinput').inputValue()
        const nextMic = mics.find((m) => m !== activeMic)
        if (nextMic) await a.page.getByTestId('select-audioinput').selectOption(nextMic)
        const speakers = a.page.getByTestId('select-audiooutput')
        assert((await speakers.count()) === 1, 'the speaker choice is offered')
        await axeCheck(a.page, 'device settings en')
        await shot(a.page, artifacts, 'call-room-devices-en-1280')
        await a.page.keyboard.press('Escape')
        const stored = JSON.parse((await a.page.evaluate(() => localStorage.getItem('souk.call.devices'))) ?? '{}')
        assert(stored.videoinput === nextCam, `camera choice stored: ${JSON.stringify(stored)}`)
        if (nextMic) assert(stored.audioinput === nextMic, `microphone choice stored: ${JSON.stringify(stored)}`)
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after the camera switch')

        // The choice applies on the next join.
        await a.page.reload()
        await a.page.getByTestId('local-tile').waitFor({ timeout: LONG })
        await a.page
          .waitForFunction(
            (id) => {
              const v = document.querySelector('[data-testid="local-tile"] video')
              const track = v?.srcObject instanceof MediaStream ? v.srcObject.getVideoTracks()[0] : null
              return track?.getSettings().deviceId === id
            },
            nextCam,
            { timeout: LONG },
          )
          .catch(async () => {
            const now = await a.page.evaluate(() => {
              const v = document.querySelector('[data-testid="local-tile"] video')
              return v?.srcObject instanceof MediaStream ? v.srcObject.getVideoTracks()[0]?.getSettings().deviceId : null
            })
            throw new AssertionError(`after rejoining, A's camera is ${now}, not the chosen ${nextCam}`)
          })
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after A rejoined')
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B after A rejoined')

        for (const p of [a, b, c]) assert(p.errors.length === 0, `page errors of ${p.name}: ${p.errors.join('; ')}`)
      } finally {
        // Scenarios run one after the other: whatever this one opened goes.
        await closeContexts(browser)
      }
    },
  },
]

// Run directly: start a server through with-server.mjs and run this scenario.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bin = process.argv[2] ?? './bin/souk'
  const child = spawn(process.execPath, [join(here, 'with-server.mjs'), bin, 'call-room'], { stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 1))
}

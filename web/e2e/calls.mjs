// The life of a call between two users, in real browsers against a real
// server: "Ringing…" and Cancel, accept, reconnecting, the other side
// hanging up (the one left sees the end screen), the end screen and "Call
// again", decline, no answer after 30 s (overlapping a callee with two
// tabs), and an end-to-end encrypted call placed and answered through the
// product (codes, decoding, the server's report, an outsider without the
// key, the controls). Each state of the call screen (pre-join, ringing, in
// call, reconnecting, ended) is checked with axe (no critical or serious
// violation) and photographed at 1280 and 390 px, on two sites, in English
// and in Arabic.
//
// Scenarios are built from the steps below (register, placeCall, answer,
// hangUp, checkState), so that further ones (controls, end-to-end
// encryption) slot in as more entries of `callScenarios`.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { closeContexts, mediaBrowser, remoteTile, signToken, waitForAttr, waitForFrames } from './call-room.mjs'
import { PASSWORD, assert, dismissCookies, newPage, animationsSettled, shot, uniqueEmail } from './helpers.mjs'

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
export async function expectEnded(p, reason, { timeout = 20000, who = '' } = {}) {
  const ended = p.page.getByTestId('call-ended')
  await ended.waitFor({ timeout })
  await p.page.getByRole('heading', { level: 1, name: p.w.ended.title }).waitFor()
  if (reason) {
    const text = await p.page.getByTestId('end-reason').innerText()
    const want = p.w.ended[reason].replace('{{name}}', who)
    assert(text === want, `end reason "${text}", want "${want}"`)
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
  await animationsSettled(page)
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
  // The state as a caller looks at it: the pointer rests on the heading,
  // not on a control whose tooltip would be half-way through opening.
  await p.page.locator('h1').first().hover({ timeout: 5000 }).catch(() => {})
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
 * `p` goes offline until its room shows the reconnecting banner, `during`
 * runs meanwhile, and the banner goes once `p` is back online.
 */
export async function reconnect(p, during = async () => {}) {
  await p.context.setOffline(true)
  try {
    await p.page.getByTestId('reconnecting-banner').waitFor({ timeout: 90_000 })
    await during()
  } finally {
    await p.context.setOffline(false)
  }
  await p.page.getByTestId('reconnecting-banner').waitFor({ state: 'detached', timeout: 90_000 })
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

        // The callee loses the network for a while: the reconnecting banner, then the call goes on.
        await reconnect(b, () => checkState(b, artifacts, 'reconnecting'))
        await waitForFrames(b.page, '[data-testid="remote-tile"]', 'the callee sees the caller after reconnecting')

        // The caller hangs up: the end screen with the duration and the way back.
        await hangUp(a)
        await expectEnded(a, null)
        await a.page.getByTestId('call-duration').waitFor()
        await a.page.getByRole('link', { name: a.w.ended.backToMessages }).waitFor()
        await checkState(a, artifacts, 'ended')
        // The one left sees the end screen too, camera off.
        await expectEnded(b, 'peerLeft', { who: a.name })
        await b.page.getByRole('button', { name: b.w.ended.callAgain }).waitFor()
      } finally {
        await a.context.close()
        await b.context.close()
      }
    },
  }
}


/**
 * Records the page's RTCPeerConnections (window.__pcs), so that a scenario
 * can read what each one receives and decodes. Runs before the page's own
 * scripts, through the DevTools protocol (the CSP allows no inline script).
 */
function recordPeerConnections() {
  const Orig = window.RTCPeerConnection
  if (!Orig || window.__pcs) return
  const pcs = (window.__pcs = [])
  window.RTCPeerConnection = class extends Orig {
    constructor(...args) {
      super(...args)
      pcs.push(this)
    }
  }
}

/** Takes insertable streams away: livekit-client (and so the call screen) sees a browser that cannot encrypt. */
function withoutInsertableStreams() {
  delete window.RTCRtpScriptTransform
  if (window.RTCRtpSender) delete window.RTCRtpSender.prototype.createEncodedStreams
  if (window.RTCRtpReceiver) delete window.RTCRtpReceiver.prototype.createEncodedStreams
}

/** What the page receives: one entry per inbound RTP stream. */
async function inbound(page) {
  return page.evaluate(async () => {
    const out = []
    for (const pc of window.__pcs ?? []) {
      if (pc.connectionState === 'closed') continue
      const stats = await pc.getStats()
      stats.forEach((r) => {
        if (r.type !== 'inbound-rtp') return
        out.push({
          kind: r.kind,
          ssrc: r.ssrc,
          packets: r.packetsReceived ?? 0,
          frames: r.framesDecoded ?? 0,
          energy: r.totalAudioEnergy ?? 0,
          decodedSamples: (r.totalSamplesReceived ?? 0) - (r.concealedSamples ?? 0),
        })
      })
    }
    return out
  })
}

const sum = (list, kind, field) => list.filter((r) => r.kind === kind).reduce((n, r) => n + r[field], 0)

/** Waits until the page decodes audio: real (not concealed) samples with sound in them, growing. */
async function decodesAudio(p, label) {
  const deadline = Date.now() + 60_000
  const first = await inbound(p.page)
  for (;;) {
    const now = await inbound(p.page)
    if (sum(now, 'audio', 'decodedSamples') > sum(first, 'audio', 'decodedSamples') + 48_000 && sum(now, 'audio', 'energy') > sum(first, 'audio', 'energy')) return
    assert(Date.now() < deadline, `${label}: no audio decoded: ${JSON.stringify(now.filter((r) => r.kind === 'audio'))}`)
    await p.page.waitForTimeout(500)
  }
}

/** Opens the verification dialog and reads the code shown there. */
async function verificationCode(p) {
  const status = p.page.getByTestId('encryption-status')
  await waitForAttr(status, 'data-status', 'encrypted', `${p.name}: the call is encrypted`)
  await status.click()
  const code = p.page.getByTestId('verification-code')
  await code.waitFor({ timeout: 20_000 })
  await p.page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="verification-code"]')?.textContent?.trim() ?? ''
    return t !== '' && t !== '…'
  }, null, { timeout: 30_000 })
  const text = (await code.innerText()).trim()
  return text
}

async function closeDialog(p) {
  await p.page.keyboard.press('Escape')
  await p.page.getByTestId('verification-code').waitFor({ state: 'detached', timeout: 20_000 })
}

const ADMIN = { email: process.env.SOUK_E2E_ADMIN_EMAIL, password: process.env.SOUK_E2E_ADMIN_PASSWORD }

/** The room's participants as the admin's live-rooms page gets them (a room token from the site, then the room service). */
async function roomAsAdmin(browser, siteUrl, room) {
  assert(ADMIN.email && ADMIN.password, 'SOUK_E2E_ADMIN_EMAIL and SOUK_E2E_ADMIN_PASSWORD are not set (with-server.mjs sets them)')
  const p = await newPage(browser, { viewport: { width: 1280, height: 900 } })
  try {
    await p.page.goto(siteUrl(SITES.en, '/login?lang=en'))
    await p.page.getByLabel(/^e-mail/i).fill(ADMIN.email)
    await p.page.locator('input[autocomplete="current-password"]').fill(ADMIN.password)
    await p.page.locator('form button[type="submit"]').click()
    await p.page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20000 })
    return await p.page.evaluate(async (room) => {
      const res = await fetch('/api/admin/rooms/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        body: JSON.stringify({ room }),
      })
      if (!res.ok) throw new Error(`POST /api/admin/rooms/token: ${res.status} ${await res.text()}`)
      const { token } = await res.json()
      const list = await fetch('/twirp/livekit.RoomService/ListParticipants', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ room }),
      })
      if (!list.ok) throw new Error(`ListParticipants: ${list.status} ${await list.text()}`)
      return (await list.json()).participants ?? []
    }, room)
  } finally {
    await p.context.close()
  }
}

/** livekit's TrackInfo.encryption: GCM (1) when the publisher encrypts end to end. */
const encrypted = (track) => track.encryption === 'GCM' || track.encryption === 1

/**
 * An end-to-end encrypted call through the product's own flow: the caller
 * places it from the call link, the callee accepts on the overlay. Both
 * decode video and audio and show the same verification code; the server
 * reports the tracks encrypted; a third participant without the key (a
 * browser that cannot encrypt, let in with a token signed by the media
 * key) receives the media but decodes nothing, while the two go on. Then
 * the controls, with encryption on: mute, camera, screen share, switching
 * camera, reconnecting.
 */
function e2eeScenario() {
  return {
    name: 'calls-e2ee',
    async run({ siteUrl, artifacts }) {
      const browser = await mediaBrowser()
      try {
        const a = await user(browser, siteUrl, SITES.en, 'Iris Buyer', 'en')
        const b = await user(browser, siteUrl, SITES.en, 'Omar Seller', 'ar')
        for (const p of [a, b]) await p.context.addInitScript(recordPeerConnections)
        await open(b, siteUrl, '/my-items')
        await placeCall(a, b, siteUrl)
        await answer(a, b)
        const room = new URL(b.page.url()).searchParams.get('room')
        assert(room, `the callee's call page names its room: ${b.page.url()}`)

        // Both sides decode video and audio, encrypted end to end, with one verification code.
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B')
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A')
        await decodesAudio(a, 'A hears B')
        await decodesAudio(b, 'B hears A')
        const codeA = await verificationCode(a)
        const codeB = await verificationCode(b)
        assert(codeA !== '' && codeA === codeB, `verification codes differ: "${codeA}" and "${codeB}"`)
        await shot(a.page, artifacts, 'call-e2ee-verification-en-1280')
        await shot(b.page, artifacts, 'call-e2ee-verification-ar-1280')
        await closeDialog(a)
        await closeDialog(b)
        await checkState(a, artifacts, 'in-call-e2ee')
        await checkState(b, artifacts, 'in-call-e2ee')

        // The server forwards them as encrypted tracks, and says so.
        const members = await roomAsAdmin(browser, siteUrl, room)
        for (const id of [a.id, b.id]) {
          const m = members.find((x) => x.identity === id)
          assert(m && (m.tracks ?? []).length >= 2, `the admin sees ${id} publishing audio and video: ${JSON.stringify(members)}`)
          const clear = m.tracks.filter((tr) => !encrypted(tr))
          assert(clear.length === 0, `tracks of ${id} not reported encrypted: ${JSON.stringify(clear)}`)
        }

        console.log(`     verification code on both sides: ${codeA}; track encryption: ${members.flatMap((m) => (m.tracks ?? []).map((tr) => `${tr.type}=${tr.encryption}`)).join(', ')}`)

        // Someone without the key, let into the room, receives the media and decodes nothing.
        const c = await user(browser, siteUrl, SITES.en, 'Carl Outsider', 'en')
        await c.context.addInitScript(recordPeerConnections)
        await c.context.addInitScript(withoutInsertableStreams)
        const token = await signToken(room, c.id, c.name)
        await c.page.route('**/token', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token }) }))
        await open(c, siteUrl, `/my-call?room=${encodeURIComponent(room)}&join=1`)
        await c.page.getByTestId('unencrypted-notice').waitFor({ timeout: 30_000 })
        await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="remote-tile"]').length === 2, null, { timeout: 60_000 })
        const deadline = Date.now() + 60_000
        let got = await inbound(c.page)
        // Two video streams, each well past its first key frames.
        while (got.filter((r) => r.kind === 'video' && r.packets > 300).length < 2) {
          assert(Date.now() < deadline, `the outsider receives no video: ${JSON.stringify(got)}`)
          await c.page.waitForTimeout(500)
          got = await inbound(c.page)
        }
        const garbled = got.filter((r) => r.kind === 'video').map((r) => r.frames)
        assert(garbled.every((n) => n <= 5), `the outsider decoded frames without the key: ${JSON.stringify(got.filter((r) => r.kind === 'video'))}`)
        console.log(`     outsider without the key: ${got.filter((r) => r.kind === 'video').map((r) => `${r.packets} video packets, ${r.frames} frames decoded`).join('; ')}`)
        await shot(c.page, artifacts, 'call-e2ee-outsider-en-1280')
        // …while the two members go on decoding each other.
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B with the outsider in')
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A with the outsider in')
        const outsider = (await roomAsAdmin(browser, siteUrl, room)).find((x) => x.identity === c.id)
        assert(outsider && (outsider.tracks ?? []).some((tr) => !encrypted(tr)), `the outsider's tracks are reported unencrypted: ${JSON.stringify(outsider)}`)
        await leaveButton(c).click()
        await remoteTile(a.page, c.id).waitFor({ state: 'detached', timeout: 60_000 })
        await remoteTile(b.page, c.id).waitFor({ state: 'detached', timeout: 60_000 })

        // The controls, encrypted: mute seen by the other side, camera off and on, a screen share decoded.
        await a.page.getByTestId('toggle-mic').click()
        await waitForAttr(remoteTile(b.page, a.id), 'data-muted', 'true', 'B sees A muted')
        await a.page.getByTestId('toggle-mic').click()
        await waitForAttr(remoteTile(b.page, a.id), 'data-muted', 'false', 'B sees A unmuted')
        await b.page.getByTestId('toggle-camera').click()
        await waitForAttr(remoteTile(a.page, b.id), 'data-camera', 'off', 'A sees B camera off')
        await b.page.getByTestId('toggle-camera').click()
        await waitForAttr(remoteTile(a.page, b.id), 'data-camera', 'on', 'A sees B camera on')
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B after camera on')
        await a.page.getByTestId('toggle-screen').click()
        await b.page.getByTestId('screen-share-stage').waitFor({ timeout: 60_000 })
        await waitForFrames(b.page, '[data-testid="screen-share-stage"]', 'B sees A screen, encrypted')
        await a.page.getByTestId('toggle-screen').click()
        await b.page.getByTestId('screen-share-stage').waitFor({ state: 'detached', timeout: 60_000 })

        // Switching camera to the second fake device: the other side sees the new one.
        await a.page.getByTestId('device-settings').click()
        const cams = a.page.getByTestId('select-videoinput')
        await a.page.waitForFunction(() => document.querySelectorAll('[data-testid="select-videoinput"] option[value]:not([value=""])').length >= 2, null, { timeout: 60_000 })
        const options = await cams.locator('option').evaluateAll((os) => os.map((o) => ({ id: o.value, label: o.textContent })).filter((o) => o.id))
        const second = options.find((o) => o.label === 'fake_device_2') ?? options.find((o) => o.id !== '')
        assert(second, `a second camera: ${JSON.stringify(options)}`)
        await cams.selectOption(second.id)
        await a.page.waitForFunction(
          (id) => {
            const v = document.querySelector('[data-testid="local-tile"] video')
            const track = v?.srcObject instanceof MediaStream ? v.srcObject.getVideoTracks()[0] : null
            return track?.getSettings().deviceId === id
          },
          second.id,
          { timeout: 60_000 },
        )
        await a.page.keyboard.press('Escape')
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after the camera switch, encrypted')

        // Reconnecting, encrypted: the banner, then video again.
        await reconnect(b, () => checkState(b, artifacts, 'reconnecting-e2ee'))
        await waitForFrames(b.page, `[data-testid="remote-tile"][data-identity="${a.id}"]`, 'B sees A after reconnecting, encrypted')
        await waitForFrames(a.page, `[data-testid="remote-tile"][data-identity="${b.id}"]`, 'A sees B after B reconnected, encrypted')

        // B hangs up. Three people were in this call at one point, so A's call goes on until A hangs up.
        await hangUp(b)
        await expectEnded(b, null)
        await remoteTile(a.page, b.id).waitFor({ state: 'detached', timeout: 60_000 })
        assert(!(await a.page.getByTestId('call-ended').count()), 'a group call goes on when one person leaves')
        await hangUp(a)
        await expectEnded(a, null)
        for (const p of [a, b, c]) assert(p.errors.length === 0, `page errors of ${p.name}: ${p.errors.join('; ')}`)
      } finally {
        await closeContexts(browser)
      }
    },
  }
}

/** A callee with two tabs: both ring; answering in one stops the other. */
async function answeredElsewhere({ browser, siteUrl }) {
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
}

export const callScenarios = [
  e2eeScenario(),
  statesScenario('en', SITES.en),
  statesScenario('ar', SITES.ar),
  statesScenario('ar', SITES.en),
  statesScenario('en', SITES.ar),
  {
    // A declined call ends at once; one nobody answers ends by itself after
    // 30 s. The 30 s wait overlaps the scenario of a callee with two tabs.
    name: 'calls-decline-no-answer-and-answered-elsewhere',
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
        const noAnswer = expectEnded(a, 'noAnswer', { timeout: INVITATION_TTL_MS + 20000 }).then(() => Date.now() - ringingSince)
        // Meanwhile, another call.
        const elsewhere = answeredElsewhere({ browser, siteUrl })
        const [waited] = await Promise.all([noAnswer, elsewhere])
        assert(waited >= INVITATION_TTL_MS - 3000, `no answer came after ${waited} ms, before the 30 s`)
        await shot(a.page, artifacts, 'call-no-answer-en')
      } finally {
        await a.context.close()
        await b.context.close().catch(() => {})
      }
    },
  },
]

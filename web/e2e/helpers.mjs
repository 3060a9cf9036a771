import { join } from 'node:path'
import { watchCSP } from './csp.mjs'

export class AssertionError extends Error {}

export function assert(cond, message) {
  if (!cond) throw new AssertionError(message)
}

/** A fresh browser context (own storage) with camera/microphone allowed. */
export async function newPage(browser, { locale = 'en-US', viewport = { width: 1366, height: 900 } } = {}) {
  const context = await browser.newContext({ locale, viewport, permissions: ['camera', 'microphone'] })
  const page = await context.newPage()
  await watchCSP(page)
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

export async function shot(page, artifacts, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true })
}

/** Screenshots at the current (desktop) size and at 390 px wide, a phone. */
export async function shotDesktopAndPhone(page, artifacts, name) {
  await shot(page, artifacts, `${name}-desktop`)
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, artifacts, `${name}-390`)
  if (size) await page.setViewportSize(size)
}

let seq = 0
export function uniqueEmail(tag) {
  return `e2e-${tag}-${Date.now().toString(36)}-${(seq++).toString(36)}@example.test`
}

export const PASSWORD = 'correct horse 42'

/** Registers through the form and waits to leave the register page. */
export async function register(page, siteUrl, host, { name, email }, redirect = '') {
  await page.goto(siteUrl(host, `/register${redirect ? `?redirecturl=${encodeURIComponent(redirect)}` : ''}`))
  await page.getByLabel(/display name|nazwa wyświetlana/i).fill(name)
  await page.getByLabel(/^e-mail/i).fill(email)
  await page.locator('input[autocomplete="new-password"]').fill(PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/register'), { timeout: 15000 })
  return page.evaluate(() => localStorage.getItem('userId'))
}

/** Accepts cookies if the banner shows up (it renders after the app starts). */
export async function dismissCookies(page) {
  const accept = page.locator('#cookie-banner button').last()
  try {
    await accept.waitFor({ timeout: 5000 })
    await accept.click()
  } catch {
    // Consent already stored in this context.
  }
}

/** A 64×64 PNG (solid colour), for upload tests. */
export function pngBytes() {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAeklEQVR4nO3PUQkAIBTAwBfHOMY2liH8OITBAtzm7PV1wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWPHYBd/oBLbmWUAcAAAAASUVORK5CYII=',
    'base64',
  )
}

/**
 * Waits until no finite animation or transition runs: axe reads colours as
 * painted, and a tooltip or dialog caught half-faded blends into what is
 * behind it and reads as low contrast.
 */
export async function animationsSettled(page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, {
      timeout: 5000,
      polling: 100,
    })
    .catch(() => {})
}

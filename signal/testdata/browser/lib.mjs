// Helpers shared by the browser scripts the signal tests run: a Chromium
// with fake media, the participants' pages and what they show after a
// failure, condition waits, and step results the Go side reads.
import { chromium } from 'playwright-core';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls fn until it returns {done: true, value}; the value is returned. */
export async function until(what, fn, timeoutMs = 15000) {
  const end = Date.now() + timeoutMs;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last && last.done) return last.value;
    await sleep(250);
  }
  throw new Error(`timeout waiting for ${what}: ${JSON.stringify(last)}`);
}

/**
 * Returns step(name, fn): runs fn and records {ok, ms, detail} or
 * {ok: false, ms, error} under results[name]; a failed step rethrows.
 */
export function stepRecorder(results, errorChars = 600) {
  return async (name, fn) => {
    const started = Date.now();
    try {
      const detail = await fn();
      results[name] = { ok: true, ms: Date.now() - started, detail };
    } catch (e) {
      results[name] = { ok: false, ms: Date.now() - started, error: String(e && e.stack ? e.stack : e).slice(0, errorChars) };
      throw e;
    }
  };
}

/** Debian's Chromium, headless, with a fake camera and microphone. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--headless', '--no-sandbox',
      '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required', ...extraArgs],
  });
}

/**
 * Opens harness.html (under base) in a browser context of its own, with
 * camera and microphone allowed. The page's console errors (and warnings,
 * when asked) and uncaught errors go to logs, prefixed with name.
 */
export async function openHarness(browser, base, name, logs, { warnings = false } = {}) {
  const ctx = await browser.newContext();
  await ctx.grantPermissions(['camera', 'microphone']);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || (warnings && m.type() === 'warning')) logs.push(`${name}: ${m.text()}`.slice(0, 300));
  });
  page.on('pageerror', (e) => logs.push(`${name} pageerror: ${e}`));
  await page.goto(`${base}/harness.html`, { timeout: 90000 });
  return page;
}

/**
 * The participants' pages of one script run: open(name) opens harness.html
 * (see openHarness) and keeps it in pages under name; logs collects their
 * console lines; close() ends every browser. All pages share one Chromium,
 * or each gets its own with browserPerPage (participants that re-acquire
 * the camera at the same moment, as on a full reconnect, must not share
 * one fake capture device).
 */
export async function harnessPages(base, { warnings = false, browserPerPage = false } = {}) {
  const browsers = browserPerPage ? [] : [await launchChromium()];
  const pages = {};
  const logs = [];
  async function open(name) {
    if (browserPerPage) browsers.push(await launchChromium());
    const page = await openHarness(browsers.at(-1), base, name, logs, { warnings });
    pages[name] = page;
    return page;
  }
  const close = () => Promise.all(browsers.map((b) => b.close().catch(() => {})));
  return { open, pages, logs, close };
}

/**
 * After a failure: records, for every open page, what inPage returns when
 * evaluated there, as results[`${prefix}${name}`] (the Go side prints
 * debug_ steps). Pages that are gone are skipped.
 */
export async function recordPages(results, pages, inPage, prefix = 'debug_') {
  for (const [name, page] of Object.entries(pages)) {
    try {
      results[`${prefix}${name}`] = { ok: true, detail: await page.evaluate(inPage) };
    } catch (err) { /* page gone */ }
  }
}

/**
 * Runs a script's steps (body). On a failure, onFailure records what the
 * pages show and the script will exit with 1. Either way the browsers
 * close, and the results print as the one JSON line the Go side reads
 * (fields first, e.g. the join path), before the process exits.
 */
export async function runScript({ t0, results, logs, close, fields = {} }, body, onFailure) {
  let exitCode = 0;
  try {
    await body();
  } catch (e) {
    exitCode = 1;
    await onFailure();
  } finally {
    await close();
  }
  console.log(JSON.stringify({ ...fields, ms: Date.now() - t0, results, logs: logs.slice(-40) }));
  process.exit(exitCode);
}

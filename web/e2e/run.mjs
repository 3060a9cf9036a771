// Browser scenarios against a running Souk server (`souk serve`).
//   SOUK_E2E_URL=http://127.0.0.1:7880 node web/e2e/run.mjs [scenario-name ...]
// Site host names (desks.localhost, …) are mapped to the server's address with
// --host-resolver-rules, so one server shows every site. Without SOUK_E2E_URL
// the run is skipped (exit 0). Screenshots land in web/e2e/artifacts/.
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { takeCSPViolations } from './csp.mjs'
import { scenarios } from './scenarios.mjs'
import './polling.mjs'
import { crawlScenarios } from './crawl.mjs'
import { callScenarios } from './calls.mjs'
import { callRoomScenarios, closeMediaBrowser } from './call-room.mjs'

const base = process.env.SOUK_E2E_URL
if (!base) {
  console.log('SOUK_E2E_URL is not set: skipping the browser scenarios.')
  process.exit(0)
}

const { chromium } = await import('playwright-core')
const here = dirname(fileURLToPath(import.meta.url))
const artifacts = join(here, 'artifacts')
await mkdir(artifacts, { recursive: true })

const server = new URL(base)
const port = server.port || (server.protocol === 'https:' ? '443' : '80')
const browser = await chromium.launch({
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
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--host-resolver-rules=MAP *.localhost ${server.hostname}`,
  ],
})

/** URL of `path` on the site served for `host` (e.g. "desks.localhost"). */
const siteUrl = (host, path = '/') => `${server.protocol}//${host}:${port}${path}`

const only = process.argv.slice(2)
let failed = 0
let passed = 0
for (const s of [...scenarios, ...callScenarios, ...callRoomScenarios, ...crawlScenarios]) {
  if (only.length && !only.includes(s.name)) continue
  const started = Date.now()
  try {
    await s.run({ browser, siteUrl, artifacts })
    const csp = takeCSPViolations()
    if (csp.length) throw new Error(`Content-Security-Policy violations: ${JSON.stringify(csp, null, 2)}`)
    passed++
    console.log(`ok   ${s.name} (${Date.now() - started} ms)`)
  } catch (err) {
    failed++
    takeCSPViolations()
    console.log(`FAIL ${s.name}: ${err instanceof Error ? err.stack : err}`)
  }
}
await browser.close()
await closeMediaBrowser()
// The usual closing line of a test run, so that tools reading the log
// see the count.
console.log(`e2e: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)

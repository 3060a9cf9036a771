// Starts a real `souk serve` on a free loopback port with a fresh data
// directory, runs the browser scenarios (run.mjs) against it, and stops it.
//
//   node web/e2e/with-server.mjs ./bin/souk [scenario ...]
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const bin = process.argv[2] ?? './bin/souk'
const here = dirname(fileURLToPath(import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'souk-e2e-'))

// A free UDP port for the embedded TURN server, so that the scenarios never
// collide with another Souk running on this machine.
async function freeUDPPort() {
  const socket = createSocket('udp4')
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  await new Promise((resolve) => socket.close(resolve))
  return port
}

const serverEnv = {
  ...process.env,
  // A media key the scenarios know, so that they can sign a token for a
  // participant the product cannot invite yet (a third person in a call).
  SOUK_MEDIA_KEYS: process.env.SOUK_MEDIA_KEYS || `e2e:${randomBytes(24).toString('hex')}`,
  SOUK_SERVER_ADDR: '127.0.0.1:0',
  SOUK_DATA_DIR: dataDir,
  // Media and TURN on free UDP ports (a fixed media port is what lets the
  // embedded TURN relay to the SFU, as the connection check's TURN step
  // needs); no fixed TCP ports (ICE over TCP, TURN over TCP) that another
  // Souk may hold.
  SOUK_MEDIA_UDP_PORT: String(await freeUDPPort()),
  SOUK_MEDIA_TCP_PORT: '0',
  SOUK_MEDIA_TURN_UDP_PORT: String(await freeUDPPort()),
  SOUK_MEDIA_TURN_TCP_PORT: '0',
  // Every scenario signs up fresh users from 127.0.0.1; the per-IP limits
  // that protect a public deployment would stop the suite half-way.
  SOUK_PLATFORM_RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '1000',
  SOUK_PLATFORM_RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000',
  SOUK_PLATFORM_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000',
  SOUK_PLATFORM_RATE_LIMIT_RESET_PER_IP_PER_HOUR: '1000',
  SOUK_PLATFORM_RATE_LIMIT_CONTACT_PER_IP_PER_HOUR: '1000',
}

// An admin of the English site for the route crawl and the diagnostics page.
const admin = { email: 'e2e-admin@example.test', password: 'correct horse admin 42' }
await new Promise((resolve, reject) => {
  const create = spawn(bin, ['admin', 'create', '--site', 'biblegroups', '--email', admin.email, '--password', admin.password, '--name', 'Ada Admin'], {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  create.stderr.on('data', (c) => (log += c))
  create.on('error', reject)
  create.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`souk admin create exited with ${code}: ${log}`))))
})

const server = spawn(bin, ['serve'], {
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'pipe'],
})

// The server log is shown only when something fails.
const serverLog = []

const listening = new Promise((resolve, reject) => {
  let buffered = ''
  const timer = setTimeout(() => reject(new Error('souk did not start within 30 s')), 30_000)
  server.stderr.on('data', (chunk) => {
    const text = chunk.toString()
    serverLog.push(text)
    buffered += text
    const m = buffered.match(/msg="souk listening" addr=(\S+)/)
    if (m) {
      clearTimeout(timer)
      resolve(`http://${m[1]}`)
    }
  })
  server.on('exit', (code) => reject(new Error(`souk exited early with code ${code}`)))
  server.on('error', (err) => reject(new Error(`cannot start ${bin}: ${err.message}`)))
})

let exitCode = 1
try {
  const url = await listening
  console.log(`souk is serving at ${url}`)
  exitCode = await new Promise((resolve) => {
    // Scenario names after the binary run only those (as run.mjs does).
    const run = spawn(process.execPath, [join(here, 'run.mjs'), ...process.argv.slice(3)], {
      env: { ...process.env, SOUK_MEDIA_KEYS: serverEnv.SOUK_MEDIA_KEYS, SOUK_E2E_URL: url, SOUK_E2E_ADMIN_EMAIL: admin.email, SOUK_E2E_ADMIN_PASSWORD: admin.password },
      stdio: 'inherit',
    })
    run.on('exit', (code) => resolve(code ?? 1))
  })
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
} finally {
  if (exitCode !== 0) process.stderr.write(`--- souk log ---\n${serverLog.join('').split('\n').slice(-200).join('\n')}\n`)
  if (server.exitCode === null && server.pid !== undefined) {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
  // Everything the server writes to stderr goes through log/slog (pion's
  // loggers included); any other line is a leak to fix.
  const stray = serverLog.join('').split('\n').filter((l) => l.trim() !== '' && !/^time=\S+ level=[A-Z]+ /.test(l))
  if (stray.length) {
    console.log(`FAIL server stderr: ${stray.length} line(s) not from slog:\n${stray.slice(0, 20).join('\n')}`)
    exitCode = 1
  }
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)

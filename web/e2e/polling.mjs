// A call behind a proxy that refuses the realtime channel's WebSocket
// upgrade, as some corporate proxies and carriers do: the web client
// falls back to HTTP long-polling, the invitation still reaches the
// callee, and the call works. The proxy lets the LiveKit signalling
// WebSocket (/rtc) through, since livekit-client has no other transport.
import http from 'node:http'
import net from 'node:net'
import { scenarios } from './scenarios.mjs'
import { assert, newPage, register, shot, uniqueEmail } from './helpers.mjs'

const EN_HOST = 'biblegroups.localhost'

/**
 * Starts a reverse proxy to `target` (a URL) on a free loopback port. It
 * forwards requests as they are (Host included, which picks the site) and
 * answers a WebSocket upgrade under /socket.io/ with 403; other upgrades
 * pass. `counts` says what went through.
 */
async function startUpgradeRefusingProxy(target) {
  const counts = { refusedUpgrades: 0, passedUpgrades: 0, pollingGets: 0, pollingPosts: 0 }
  // Every socket, relayed upgrades' included, so that close() ends them all.
  const sockets = new Set()
  const track = (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  }
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/socket.io/') && req.url.includes('transport=polling')) {
      if (req.method === 'GET') counts.pollingGets++
      if (req.method === 'POST') counts.pollingPosts++
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  server.on('connection', track)
  server.on('upgrade', (req, socket, head) => {
    if (req.url.startsWith('/socket.io/')) {
      counts.refusedUpgrades++
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: 29\r\nConnection: close\r\n\r\nWebSockets are not allowed.\r\n')
      return
    }
    counts.passedUpgrades++
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      let raw = `${req.method} ${req.url} HTTP/1.1\r\n`
      for (let i = 0; i < req.rawHeaders.length; i += 2) raw += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`
      upstream.write(raw + '\r\n')
      if (head.length) upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    track(upstream)
    const drop = () => {
      upstream.destroy()
      socket.destroy()
    }
    upstream.on('error', drop)
    socket.on('error', drop)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    port,
    counts,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(resolve)
      }),
  }
}

scenarios.push({
  name: 'call-through-proxy-without-websocket',
  async run({ browser, artifacts }) {
    const target = new URL(process.env.SOUK_E2E_URL)
    const proxy = await startUpgradeRefusingProxy(target)
    const viaProxy = (host, path = '/') => `http://${host}:${proxy.port}${path}`
    const a = await newPage(browser)
    const b = await newPage(browser)
    try {
      await register(b.page, viaProxy, EN_HOST, { name: 'Proxied Callee', email: uniqueEmail('pcallee') })
      await b.page.goto(viaProxy(EN_HOST, '/add-new'))
      await b.page.getByLabel('Product name').fill('Oak bookcase')
      await b.page.getByLabel('Description').fill('Five shelves, solid oak.')
      await b.page.getByLabel('Price').fill('320')
      await b.page.getByLabel('City or address').fill('Gdańsk')
      await b.page.getByRole('button', { name: 'Save and Publish' }).first().click()
      await b.page.getByRole('link', { name: 'View listing' }).click()
      await b.page.waitForURL(/\/offer\//)
      const offerUrl = b.page.url()
      await b.page.goto(viaProxy(EN_HOST, '/my-items'))

      await register(a.page, viaProxy, EN_HOST, { name: 'Proxied Caller', email: uniqueEmail('pcaller') })
      await a.page.goto(offerUrl)
      await a.page.getByRole('link', { name: 'Call the seller' }).click()
      await a.page.waitForURL(/\/my-call\?to=/)
      await a.page.getByRole('button', { name: 'Leave meeting' }).waitFor({ timeout: 20000 })
      // The invitation travels over long-polling: the proxy refused the
      // realtime WebSockets.
      const overlay = b.page.getByRole('alertdialog', { name: 'Incoming calls' })
      await overlay.waitFor({ timeout: 30000 })
      await shot(b.page, artifacts, 'call-invitation-over-polling')
      await overlay.getByRole('button', { name: 'Accept' }).click()
      await b.page.waitForURL(/\/my-call\?room=/)
      // Media takes the same path as without the proxy; on a busy
      // machine its first frames may take a while.
      await a.page.getByTestId('remote-tile').waitFor({ timeout: 60000 })
      await b.page.getByTestId('remote-tile').waitFor({ timeout: 60000 })
      for (const p of [a.page, b.page]) {
        await p.waitForFunction(() => {
          const v = document.querySelector('[data-testid="remote-tile"] video')
          return v instanceof HTMLVideoElement && v.videoWidth > 0
        }, null, { timeout: 60000 })
      }
      await shot(a.page, artifacts, 'call-over-polling-caller')
      const c = proxy.counts
      assert(c.refusedUpgrades >= 2, `both pages tried the realtime WebSocket first: ${JSON.stringify(c)}`)
      assert(c.pollingGets >= 4 && c.pollingPosts >= 2, `the realtime channel ran over long-polling: ${JSON.stringify(c)}`)
      assert(c.passedUpgrades >= 2, `the LiveKit signalling WebSockets went through: ${JSON.stringify(c)}`)
      await a.page.getByRole('button', { name: 'Leave meeting' }).click()
      await b.page.getByTestId('remote-tile').waitFor({ state: 'detached', timeout: 20000 })
    } finally {
      await a.context.close()
      await b.context.close()
      await proxy.close()
    }
  },
})

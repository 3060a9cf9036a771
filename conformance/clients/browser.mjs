// livekit-client in headless Chromium, driven over the line protocol
// (lineproto.mjs). Each participant is a page of its own (browser context,
// or a Chromium of its own with `ownBrowser`) loading browser/harness.html
// from a small HTTP server in this process, so the page, Chromium and the
// client all live in whatever network namespace this process was started
// in. Ops take {name} (the participant) and call window.conf in its page.
//
// env: LIVEKIT_CLIENT_DIST, livekit-client's dist folder (the UMD bundle and
// the E2EE worker); CHROMIUM (default /usr/bin/chromium);
// CHROMIUM_ARGS, extra flags separated by spaces.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { log, serve } from './lineproto.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.env.LIVEKIT_CLIENT_DIST;
if (!dist) throw new Error('LIVEKIT_CLIENT_DIST is not set');

const files = {
  '/harness.html': [join(here, 'browser/harness.html'), 'text/html'],
  '/participant.js': [join(here, 'browser/participant.js'), 'text/javascript'],
  '/livekit-client.umd.js': [join(dist, 'livekit-client.umd.js'), 'text/javascript'],
  '/livekit-client.e2ee.worker.js': [join(dist, 'livekit-client.e2ee.worker.js'), 'text/javascript'],
};
const http = createServer(async (req, res) => {
  const f = files[new URL(req.url, 'http://x').pathname];
  if (!f) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': f[1], 'cache-control': 'no-store' }).end(await readFile(f[0]));
});
await new Promise((r) => http.listen(0, '127.0.0.1', r));
// localhost is a secure context: camera, microphone and E2EE work.
const base = `http://localhost:${http.address().port}`;

const chromiumArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--headless', '--no-sandbox',
  '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--autoplay-policy=no-user-gesture-required', '--ignore-certificate-errors',
  ...(process.env.CHROMIUM_ARGS || '').split(' ').filter(Boolean)];
const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: chromiumArgs });

let shared = null;
const browsers = [];
const pages = {};

function page(name) {
  const p = pages[name];
  if (!p) throw new Error(`no participant ${name}`);
  return p;
}
// Calls window.conf[fn](...args) in the participant's page.
const call = (name, fn, ...args) => page(name).evaluate(([f, a]) => window.conf[f](...a), [fn, args]);

serve({
  // open {name, ownBrowser}: a page for one participant.
  async open({ name, ownBrowser = false }) {
    let b;
    if (ownBrowser) {
      b = await launch();
      browsers.push(b);
    } else {
      if (!shared) {
        shared = await launch();
        browsers.push(shared);
      }
      b = shared;
    }
    const ctx = await b.newContext();
    await ctx.grantPermissions(['camera', 'microphone'], { origin: base });
    const p = await ctx.newPage();
    p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log(`${name}: ${m.text()}`); });
    p.on('pageerror', (e) => log(`${name} pageerror: ${e}`));
    await p.goto(`${base}/harness.html`, { timeout: 60000 });
    pages[name] = p;
    return { chromium: b.version() };
  },
  join: ({ name, url, token, options }) => call(name, 'join', url, token, options || {}),
  events: ({ name, since }) => call(name, 'events', since || 0),
  now: ({ name }) => call(name, 'now'),
  state: ({ name }) => call(name, 'state'),
  inbound: ({ name }) => call(name, 'inbound'),
  outbound: ({ name }) => call(name, 'outbound'),
  remoteCandidates: ({ name }) => call(name, 'remoteCandidates'),
  publication: ({ name, from, kind }) => call(name, 'publication', from, kind || 'video'),
  setQuality: ({ name, from, quality }) => call(name, 'setQuality', from, quality),
  setDimensions: ({ name, from, width, height }) => call(name, 'setDimensions', from, width, height),
  setSubscribed: ({ name, from, subscribed }) => call(name, 'setSubscribed', from, subscribed),
  setEnabled: ({ name, from, enabled }) => call(name, 'setEnabled', from, enabled),
  setElement: ({ name, from, width, height, visible }) => call(name, 'setElement', from, width, height, visible ?? true),
  rpc: ({ name, to, method, payload }) => call(name, 'rpc', to, method, payload),
  sendText: ({ name, text, topic, to }) => call(name, 'sendText', text, topic || 'chat', to || []),
  sendFile: ({ name, size, fileName, topic }) => call(name, 'sendFile', size, fileName || 'blob.bin', topic || 'file'),
  publishData: ({ name, text, reliable, topic, to }) => call(name, 'publishData', text, !!reliable, topic || '', to || []),
  simulate: ({ name, scenario, arg }) => call(name, 'simulate', scenario, arg ?? null),
  closeSignal: ({ name }) => call(name, 'closeSignal'),
  setMicrophone: ({ name, on }) => call(name, 'setMicrophone', on),
  setCamera: ({ name, on }) => call(name, 'setCamera', on),
  disconnect: ({ name }) => call(name, 'disconnect'),
  // close {name}: the participant's page goes away without a goodbye.
  async close({ name }) {
    await page(name).context().close();
    delete pages[name];
  },
}, async () => {
  await Promise.all(browsers.map((b) => b.close().catch(() => {})));
  http.close();
});

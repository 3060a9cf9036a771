// Runs call scenarios over constrained networks in one headless Chromium:
// two participants per scenario must decode each other's video, and the
// media must travel the expected path (relay over UDP/TCP/TLS, or ICE over
// TCP). Prints one JSON object with a result per scenario.
// usage: node connectivity.mjs <scenarios.json>
// scenario: { name, base, tokens: [a, b], connectOptions, expect: { local: {...}, remote: {...} } }
import { readFileSync } from 'node:fs';
import { launchChromium, until } from './lib.mjs';

const scenarios = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const results = {};
const logs = [];

// The TURNS scenario uses a self-signed certificate made by the test.
const browser = await launchChromium(['--ignore-certificate-errors']);

async function open(sc, who) {
  const ctx = await browser.newContext();
  await ctx.grantPermissions(['camera', 'microphone']);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') logs.push(`${sc.name}/${who}: ${m.text()}`.slice(0, 300)); });
  page.on('pageerror', (e) => logs.push(`${sc.name}/${who} pageerror: ${e}`));
  await page.goto(`${sc.base}/harness.html`);
  return { ctx, page };
}

async function decodes(page, from) {
  const framesOf = async () => ((await page.evaluate(() => window.mediaStats()))[`${from}:video`] || {}).framesDecoded || 0;
  const first = await until(`video from ${from}`, async () => {
    const f = await framesOf();
    return { done: f > 5, value: f, frames: f };
  }, 30000);
  return until(`rising frames from ${from}`, async () => {
    const f = await framesOf();
    return { done: f > first + 5, value: f, frames: f };
  }, 15000);
}

function matches(got, want) {
  return Object.entries(want).every(([k, v]) => got && got[k] === v);
}

let failed = false;
for (const sc of scenarios) {
  const started = Date.now();
  const opened = [];
  try {
    const names = ['alice', 'bob'];
    for (const n of names) opened.push(await open(sc, n));
    const ws = sc.base.replace(/^http/, 'ws');
    for (let i = 0; i < 2; i++) {
      await opened[i].page.evaluate(([u, t, o]) => window.join(u, t, true, false, o), [ws, sc.tokens[i], { connectOptions: sc.connectOptions }]);
    }
    const frames = [await decodes(opened[0].page, 'bob'), await decodes(opened[1].page, 'alice')];
    const paths = [];
    for (const o of opened) {
      const path = await until('selected candidate pair', async () => {
        const p = await o.page.evaluate(() => window.mediaPath());
        return { done: !!p, value: p };
      }, 10000);
      if (!matches(path.local, sc.expect.local || {}) || !matches(path.remote, sc.expect.remote || {})) {
        throw new Error(`media path ${JSON.stringify(path)} is not ${JSON.stringify(sc.expect)}`);
      }
      paths.push(path);
    }
    results[sc.name] = { ok: true, ms: Date.now() - started, detail: { frames, paths } };
  } catch (e) {
    failed = true;
    results[sc.name] = { ok: false, ms: Date.now() - started, error: String(e && e.stack ? e.stack : e).slice(0, 800) };
  } finally {
    for (const o of opened) {
      await o.page.evaluate(() => window.room && window.room.disconnect()).catch(() => {});
      await o.ctx.close().catch(() => {});
    }
  }
}
await browser.close().catch(() => {});
console.log(JSON.stringify({ results, logs: logs.slice(-40) }));
process.exit(failed ? 1 : 0);

// Two livekit-client participants in headless Chromium, each entering a
// Souk cluster through its own node; prints one JSON object of step
// results. With "drain", after media flows it prints MEDIA_OK on stderr,
// waits for a line on stdin (the Go side sends SIGTERM to the room's node
// meanwhile) and checks that both rejoin without a disconnect and decode
// each other's video again.
// usage: node cluster.mjs <harness base url> <ws url alice> <ws url bob> <token alice> <token bob> [drain]
import { createInterface } from 'node:readline';
import { harnessPages, recordPages, runScript, stepRecorder, until } from '../../../signal/testdata/browser/lib.mjs';

const [harness, urlA, urlB, tokA, tokB, drainArg] = process.argv.slice(2);
const results = {};
const t0 = Date.now();
const step = stepRecorder(results);
// One Chromium per participant, as in real life: on the drain
// livekit-client re-acquires the camera (restartTrack) in both at once.
const { open, pages, logs, close } = await harnessPages(harness, { warnings: true, browserPerPage: true });
const events = (page) => page.evaluate(() => window.events);

// Video from `from` is decoded, and keeps being decoded.
async function decodes(page, from) {
  const first = await until(`video from ${from}`, async () => {
    const s = await page.evaluate(() => window.mediaStats());
    const v = s[`${from}:video`];
    return { done: !!(v && v.framesDecoded > 5), value: v, stats: s };
  }, 30000);
  return until(`rising frames from ${from}`, async () => {
    const v = (await page.evaluate(() => window.mediaStats()))[`${from}:video`];
    return { done: !!(v && v.framesDecoded > first.framesDecoded + 10), value: v };
  }, 15000);
}

await runScript({ t0, results, logs, close }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  await step('join', async () => ({
    alice: await alice.evaluate(([u, t]) => window.join(u, t, true, true), [urlA, tokA]),
    bob: await bob.evaluate(([u, t]) => window.join(u, t, true, true), [urlB, tokB]),
  }));
  await step('media', async () => ({ aliceSeesBob: await decodes(alice, 'bob'), bobSeesAlice: await decodes(bob, 'alice') }));
  if (drainArg === 'drain') {
    process.stderr.write('MEDIA_OK\n');
    const rl = createInterface({ input: process.stdin });
    await new Promise((resolve) => rl.once('line', resolve));
    rl.close();
    await step('drain', async () => {
      const started = Date.now();
      for (const [name, page] of Object.entries(pages)) {
        await until(`${name} reconnected`, async () => {
          const ev = await events(page);
          return { done: ev.some((e) => e.type === 'reconnected'), value: true, last: ev.slice(-5) };
        }, 30000);
      }
      const aliceSeesBob = await decodes(alice, 'bob');
      const bobSeesAlice = await decodes(bob, 'alice');
      for (const [name, page] of Object.entries(pages)) {
        const ev = await events(page);
        const ended = ev.find((e) => e.type === 'disconnected');
        if (ended) throw new Error(`${name}'s call ended: ${JSON.stringify(ended)}`);
        const state = await page.evaluate(() => window.room.state);
        if (state !== 'connected') throw new Error(`${name}: room state ${state}`);
      }
      return { ms: Date.now() - started, aliceSeesBob, bobSeesAlice };
    });
  }
}, async () => {
  await recordPages(results, pages, () => ({ events: window.events.slice(-30), state: window.room && window.room.state }));
  // What each publisher's encoder produced per layer, so a failure
  // tells a server that lost media apart from a browser that sent none.
  await recordPages(results, pages, async () => {
    const out = [];
    for (const pub of window.room.localParticipant.trackPublications.values()) {
      if (!pub.track || !pub.track.sender) continue;
      (await pub.track.sender.getStats()).forEach((s) => {
        if (s.type === 'outbound-rtp') out.push({ kind: pub.kind, rid: s.rid, packetsSent: s.packetsSent, framesEncoded: s.framesEncoded });
      });
    }
    return out;
  }, 'debug_sent_');
});

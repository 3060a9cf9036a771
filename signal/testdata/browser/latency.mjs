// Join and data latency with livekit-client in headless Chromium, printing
// one JSON object of step results.
// usage: node latency.mjs <http base url> <v1|v0> <token alice> <token bob> [rounds]
//
// alice publishes camera and microphone. bob, who publishes nothing, joins
// `rounds` times (leaving in between). Each time, as soon as his
// room.connect resolves, alice calls an RPC method on bob and then bob on
// alice (a participant that only sends data must not wait for a connection
// to be set up first), and the time from his room.connect call to the first
// decoded frame of alice's video is recorded. Then both call each other
// `rounds` more times on the settled connections. Every RPC is timed from
// performRpc to its result, one call at a time.
import { harnessPages, recordPages, runScript, stepRecorder, until } from './lib.mjs';

const [base, mode, tokA, tokB, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg || 7);
const singlePC = mode === 'v1';
const wsURL = base.replace(/^http/, 'ws');
const results = {};
const t0 = Date.now();
const step = stepRecorder(results, 800);

const { open, pages, logs, close } = await harnessPages(base);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Times `rounds` sequential RPC calls from page to dest, in ms.
async function rpcRounds(page, dest, n = rounds) {
  return page.evaluate(async ([dest, n]) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const r = await window.rpc(dest, 'greet', `round ${i}`);
      if (!r.ok) throw new Error(`rpc round ${i}: ${JSON.stringify(r)}`);
      out.push(Math.round((performance.now() - started) * 10) / 10);
    }
    return out;
  }, [dest, n]);
}

await runScript({ t0, results, logs, close, fields: { mode } }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  await step('publisher', async () => {
    await alice.evaluate(([u, t, s]) => window.join(u, t, s, false), [wsURL, tokA, singlePC]);
    // Publishing for real: the camera's encoder has sent media.
    return until('alice sending video', async () => {
      const b = await alice.evaluate(() => window.cameraBytesSent());
      return { done: b > 20000, value: b };
    }, 30000);
  });
  const afterJoin = { aliceToBob: [], bobToAlice: [] };
  await step('join_to_first_frame', async () => {
    const ms = [];
    for (let i = 0; i < rounds; i++) {
      if (i > 0) await bob.evaluate(() => window.room.disconnect());
      await bob.evaluate(([u, t, s]) => window.join(u, t, s, false, { publish: false }), [wsURL, tokB, singlePC]);
      const started = await bob.evaluate(() => window.joinStartedAt);
      afterJoin.aliceToBob.push(...await rpcRounds(alice, 'bob', 1));
      afterJoin.bobToAlice.push(...await rpcRounds(bob, 'alice', 1));
      const e = await until('first frame from alice', async () => {
        const ev = (await bob.evaluate(() => window.events)).find((e) => e.type === 'firstFrame' && e.identity === 'alice' && e.at >= started);
        return ev ? { done: true, value: ev } : { done: false };
      }, 20000);
      ms.push(e.at - started);
    }
    return { ms, median: median(ms) };
  });
  await step('rpc_after_join', async () => ({ ...afterJoin, median: median([...afterJoin.aliceToBob, ...afterJoin.bobToAlice]) }));
  await step('rpc', async () => {
    const aliceToBob = await rpcRounds(alice, 'bob');
    const bobToAlice = await rpcRounds(bob, 'alice');
    return { aliceToBob, bobToAlice, median: median([...aliceToBob, ...bobToAlice]) };
  });
}, async () => {
  await recordPages(results, pages, () => ({ events: window.events.slice(-30) }));
});

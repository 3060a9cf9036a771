// Drives two livekit-client participants in headless Chromium against our
// server and prints one JSON object of step results.
// usage: node e2e.mjs <http base url> <v1|v0> <token alice> <token bob> [adaptive]
import { harnessPages, recordPages, runScript, stepRecorder, until } from './lib.mjs';

const [base, mode, tokA, tokB, adaptiveArg] = process.argv.slice(2);
const adaptive = adaptiveArg === 'adaptive';
const singlePC = mode === 'v1';
const wsURL = base.replace(/^http/, 'ws');
const results = {};
const t0 = Date.now();
const step = stepRecorder(results);

const { open, pages, logs, close } = await harnessPages(base, { warnings: true });
const events = (page) => page.evaluate(() => window.events);
async function waitEvent(page, what, pred, timeoutMs) {
  return until(what, async () => {
    const e = (await events(page)).find(pred);
    return e ? { done: true, value: e } : { done: false };
  }, timeoutMs);
}

// Video must be decoded (framesDecoded rising) and audio received.
async function mediaFlows(page, from) {
  const first = await until(`media from ${from}`, async () => {
    const s = await page.evaluate(() => window.mediaStats());
    const v = s[`${from}:video`], a = s[`${from}:audio`];
    const ok = v && v.framesDecoded > 5 && a && a.packetsReceived > 10 && a.totalSamplesReceived > 0;
    return { done: ok, value: s, stats: s };
  }, 20000);
  const v0 = first[`${from}:video`].framesDecoded;
  return until(`rising frames from ${from}`, async () => {
    const s = await page.evaluate(() => window.mediaStats());
    return { done: s[`${from}:video`].framesDecoded > v0 + 5, value: s[`${from}:video`], stats: s };
  }, 10000);
}

await runScript({ t0, results, logs, close, fields: { mode, adaptive } }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  await step('join', async () => {
    const a = await alice.evaluate(([u, t, s, ad]) => window.join(u, t, s, ad), [wsURL, tokA, singlePC, adaptive]);
    const b = await bob.evaluate(([u, t, s, ad]) => window.join(u, t, s, ad), [wsURL, tokB, singlePC, adaptive]);
    return { alice: a, bob: b };
  });
  await step('media', async () => ({
    aliceSeesBob: await mediaFlows(alice, 'bob'),
    bobSeesAlice: await mediaFlows(bob, 'alice'),
  }));
  await step('rpc', async () => {
    const r = await alice.evaluate(() => window.rpc('bob', 'greet', 'hi'));
    if (!r.ok || r.result !== 'hello hi from bob caller alice') throw new Error(JSON.stringify(r));
    return r;
  });
  await step('rpc_error', async () => {
    const r = await alice.evaluate(() => window.rpc('bob', 'fail', ''));
    if (r.ok || r.code !== 4001 || r.message !== 'nope') throw new Error(JSON.stringify(r));
    return r;
  });
  if (singlePC) {
    await step('rpc_too_large', async () => {
      const r = await alice.evaluate(() => window.rpc('bob', 'greet', 'x'.repeat(16000)));
      if (r.ok || r.code !== 1402) throw new Error(JSON.stringify(r));
      return r;
    });
    await step('text_stream', async () => {
      await alice.evaluate(() => window.room.localParticipant.sendText('hello stream', { topic: 'chat' }));
      return waitEvent(bob, 'text stream', (e) => e.type === 'text' && e.text === 'hello stream' && e.from === 'alice', 10000);
    });
    await step('byte_stream', async () => {
      await alice.evaluate(async () => {
        const bytes = new Uint8Array(40000).map((_, i) => i % 251);
        await window.room.localParticipant.sendFile(new File([bytes], 'blob.bin'), { topic: 'file' });
      });
      const e = await waitEvent(bob, 'byte stream', (e) => e.type === 'bytes' && e.from === 'alice', 10000);
      if (e.size !== 40000 || e.name !== 'blob.bin') throw new Error(JSON.stringify(e));
      return e;
    });
  }
  await step('mute', async () => {
    await alice.evaluate(() => window.room.localParticipant.setMicrophoneEnabled(false));
    return waitEvent(bob, 'mute', (e) => e.type === 'trackMuted' && e.identity === 'alice' && e.kind === 'audio', 10000);
  });
  {
    await step('signal_drop', async () => {
      const before = await bob.evaluate(() => window.mediaStats());
      await alice.evaluate(() => window.sockets.filter((s) => s.url.includes('/rtc')).at(-1).close());
      const started = Date.now();
      const e = await waitEvent(alice, 'reconnected', (e) => e.type === 'reconnected', 10000);
      const elapsed = Date.now() - started;
      if (elapsed > 10000) throw new Error(`reconnect took ${elapsed} ms`);
      // Media still flows both ways after the resume.
      const bobSide = await mediaFlows(bob, 'alice');
      const aliceSide = await mediaFlows(alice, 'bob');
      const state = await alice.evaluate(() => window.room.state);
      if (state !== 'connected') throw new Error(`room state ${state}`);
      return { elapsed, bobSide, aliceSide, before, event: e };
    });
    await step('unpublish', async () => {
      await alice.evaluate(async () => {
        const pub = [...window.room.localParticipant.trackPublications.values()].find((p) => p.kind === 'video');
        await window.room.localParticipant.unpublishTrack(pub.track);
      });
      return waitEvent(bob, 'unpublish', (e) => e.type === 'trackUnpublished' && e.identity === 'alice' && e.kind === 'video', 10000);
    });
  }
  await step('leave', async () => {
    await bob.evaluate(() => window.room.disconnect());
    return waitEvent(alice, 'bob disconnected', (e) => e.type === 'participantDisconnected' && e.identity === 'bob', 10000);
  });
}, async () => {
  // Enough state to tell a signalling problem from a media one.
  await recordPages(results, pages, () => ({
    events: window.events.slice(-30),
    remotes: [...window.room.remoteParticipants.values()].map((p) => ({
      identity: p.identity, sid: p.sid,
      tracks: [...p.trackPublications.values()].map((t) => ({ sid: t.trackSid, kind: t.kind, subscribed: t.isSubscribed, hasTrack: !!t.track })),
    })),
  }));
});

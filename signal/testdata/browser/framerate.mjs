// A subscriber's frame rate wish with livekit-client in headless Chromium:
// alice publishes her camera (VP8 simulcast, which Chromium sends with
// temporal layers); bob views it large with manual subscription control
// and asks for 8 fps (RemoteTrackPublication.setVideoFPS, sent as
// UpdateTrackSettings.fps), then for 30 again. The server keeps only the
// temporal layers that reach the wish, so bob's decoded frame rate must
// fall and come back. Prints one JSON object of step results.
// usage: node framerate.mjs <http base url> <token alice> <token bob>
import { harnessPages, recordPages, runScript, sleep, stepRecorder, until } from './lib.mjs';

const [base, tokA, tokB] = process.argv.slice(2);
const wsURL = base.replace(/^http/, 'ws');
const results = {};
const t0 = Date.now();
const step = stepRecorder(results, 800);

const { open, pages, logs, close } = await harnessPages(base);
const video = async (page, from) => (await page.evaluate(() => window.mediaStats()))[`${from}:video`];

// Frames decoded per second over a window of ms.
async function decodedRate(page, from, ms) {
  const a = await video(page, from);
  const started = Date.now();
  await sleep(ms);
  const b = await video(page, from);
  return { fps: ((b.framesDecoded - a.framesDecoded) * 1000) / (Date.now() - started), width: b.frameWidth };
}
const setFPS = (page, from, fps) => page.evaluate(([id, f]) => {
  const p = [...window.room.remoteParticipants.values()].find((x) => x.identity === id);
  const pub = [...p.trackPublications.values()].find((x) => x.kind === 'video');
  pub.setVideoFPS(f);
}, [from, fps]);

await runScript({ t0, results, logs, close }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  await step('join', async () => ({
    alice: await alice.evaluate(([u, t]) => window.join(u, t, true, false), [wsURL, tokA]),
    // adaptive off: livekit-client lets the app set the frame rate only then.
    bob: await bob.evaluate(([u, t]) => window.join(u, t, true, false, { publish: false, videoWidth: 1280, videoHeight: 720 }), [wsURL, tokB]),
  }));
  // Each figure is a condition over repeated 3 s windows with a generous
  // deadline rather than one fixed window: on a busy machine Chromium's
  // encoder and decoder stall now and then, and one unlucky window says
  // nothing about what the server forwards.
  const windows = [];
  const rateUntil = (what, ok, ms = 40000) => until(what, async () => {
    const r = await decodedRate(bob, 'alice', 3000);
    windows.push({ what, fps: Number(r.fps.toFixed(1)) });
    return { done: ok(r), value: r, fps: r.fps };
  }, ms);
  const tried = (what) => windows.filter((w) => w.what === what).map((w) => w.fps);
  let full;
  await step('full_rate', async () => {
    await until('video from alice', async () => {
      const v = await video(bob, 'alice');
      return { done: !!v && v.framesDecoded > 30, value: v };
    }, 40000);
    full = await rateUntil('full: 12 fps or more before any wish', (r) => r.fps >= 12);
    return { ...full, windows: tried('full: 12 fps or more before any wish') };
  });
  await step('limited', async () => {
    await setFPS(bob, 'alice', 8);
    const limited = await rateUntil('limited: at most 0.6 × full after asking for 8', (r) => r.fps <= full.fps * 0.6 && r.fps >= 2);
    return { ...limited, windows: tried('limited: at most 0.6 × full after asking for 8') };
  });
  await step('restored', async () => {
    await setFPS(bob, 'alice', 30);
    const again = await rateUntil('restored: at least 0.8 × full after asking for 30', (r) => r.fps >= full.fps * 0.8);
    return { ...again, windows: tried('restored: at least 0.8 × full after asking for 30') };
  });
}, async () => {
  await recordPages(results, pages, async () => ({ events: window.events.slice(-30), stats: await window.mediaStats() }));
});

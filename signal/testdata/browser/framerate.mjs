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
  let full;
  await step('full_rate', async () => {
    await until('video from alice', async () => {
      const v = await video(bob, 'alice');
      return { done: !!v && v.framesDecoded > 30, value: v };
    }, 40000);
    // Let the encoder reach its rate, then measure.
    await sleep(2000);
    full = await decodedRate(bob, 'alice', 4000);
    if (full.fps < 12) throw new Error(`only ${full.fps.toFixed(1)} fps before any wish`);
    return full;
  });
  await step('limited', async () => {
    await setFPS(bob, 'alice', 8);
    await sleep(2000);
    const limited = await decodedRate(bob, 'alice', 4000);
    if (!(limited.fps <= full.fps * 0.6)) throw new Error(`${limited.fps.toFixed(1)} fps after asking for 8, against ${full.fps.toFixed(1)} before`);
    if (limited.fps < 2) throw new Error(`video nearly stopped: ${limited.fps.toFixed(1)} fps`);
    return limited;
  });
  await step('restored', async () => {
    await setFPS(bob, 'alice', 30);
    await sleep(2000);
    const again = await decodedRate(bob, 'alice', 4000);
    if (!(again.fps >= full.fps * 0.8)) throw new Error(`${again.fps.toFixed(1)} fps after asking for 30 again, against ${full.fps.toFixed(1)} at first`);
    return again;
  });
}, async () => {
  await recordPages(results, pages, async () => ({ events: window.events.slice(-30), stats: await window.mediaStats() }));
});

// H.264 simulcast with livekit-client in headless Chromium: alice
// publishes her camera with videoCodec h264 (simulcast on); bob shows her
// large (1280×720), carol as a 160×90 thumbnail. Both must decode H.264,
// at different resolutions (layers switch on IDR pictures). Prints one JSON
// object of step results.
// usage: node simulcast_h264.mjs <http base url> <token alice> <token bob> <token carol>
import { harnessPages, recordPages, runScript, stepRecorder, until } from './lib.mjs';

const [base, tokA, tokB, tokC] = process.argv.slice(2);
const wsURL = base.replace(/^http/, 'ws');
const results = {};
const t0 = Date.now();
const step = stepRecorder(results, 800);

const { open, pages, logs, close } = await harnessPages(base);
const join = (page, token, opts) =>
  page.evaluate(([u, t, o]) => window.join(u, t, true, true, o), [wsURL, token, opts]);
const video = async (page, from) => (await page.evaluate(() => window.mediaStats()))[`${from}:video`];
async function decoding(page, from, pred, timeoutMs) {
  return until(`video from ${from}`, async () => {
    const v = await video(page, from);
    return { done: !!v && v.framesDecoded > 10 && pred(v), value: v };
  }, timeoutMs);
}
const isH264 = (v) => /h264/i.test(v.codec);

await runScript({ t0, results, logs, close }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  const carol = await open('carol');
  await step('join', async () => ({
    alice: await join(alice, tokA, { videoCodec: 'h264' }),
    bob: await join(bob, tokB, { publish: false, videoWidth: 1280, videoHeight: 720 }),
    carol: await join(carol, tokC, { publish: false, videoWidth: 160, videoHeight: 90 }),
  }));
  await step('h264_layers', async () => {
    const thumb = await decoding(carol, 'alice', (v) => isH264(v) && v.frameWidth > 0 && v.frameWidth <= 320, 40000);
    const large = await decoding(bob, 'alice', (v) => isH264(v) && v.frameWidth > thumb.frameWidth, 60000);
    return { large, thumb };
  });
}, async () => {
  await recordPages(results, pages, async () => ({ events: window.events.slice(-30), stats: await window.mediaStats() }));
});

// Simulcast, adaptive stream, dynacast, speakers and connection quality
// with livekit-client in one headless Chromium (one page per participant),
// printing one JSON object of step results.
// usage: node simulcast.mjs <http base url> <token alice> <token bob> <token carol> [<token> ...]
// alice publishes camera and microphone; bob shows her large (1280×720),
// carol as a 160×90 thumbnail. Further tokens join a crowd step in which
// everyone publishes and everyone must decode everyone.
import { harnessPages, recordPages, runScript, sleep, stepRecorder, until } from './lib.mjs';

const [base, tokA, tokB, tokC, ...crowd] = process.argv.slice(2);
const wsURL = base.replace(/^http/, 'ws');
const results = {};
const t0 = Date.now();
const step = stepRecorder(results, 800);

const { open, pages, logs, close } = await harnessPages(base);
const join = (page, token, opts) =>
  page.evaluate(([u, t, o]) => window.join(u, t, true, true, o), [wsURL, token, opts]);
const events = (page) => page.evaluate(() => window.events);
// Waits for an event matching pred that happened after `since` (ms).
async function waitEvent(page, what, pred, timeoutMs, since = 0) {
  return until(what, async () => {
    const e = (await events(page)).find((e) => e.at > since && pred(e));
    return e ? { done: true, value: e } : { done: false };
  }, timeoutMs);
}
const video = async (page, from) => (await page.evaluate(() => window.mediaStats()))[`${from}:video`];

// Waits until page decodes video from `from` and returns its stats.
async function decoding(page, from, pred = () => true, timeoutMs = 25000) {
  return until(`video from ${from}`, async () => {
    const v = await video(page, from);
    return { done: !!v && v.framesDecoded > 10 && pred(v), value: v };
  }, timeoutMs);
}

// Average outgoing camera bitrate of a page over ms, in kbit/s.
async function cameraKbps(page, ms) {
  const b0 = await page.evaluate(() => window.cameraBytesSent());
  await sleep(ms);
  const b1 = await page.evaluate(() => window.cameraBytesSent());
  return Math.round(((b1 - b0) * 8) / ms);
}

await runScript({ t0, results, logs, close }, async () => {
  const alice = await open('alice');
  const bob = await open('bob');
  const carol = await open('carol');
  await step('join', async () => ({
    alice: await join(alice, tokA, {}),
    bob: await join(bob, tokB, { publish: false, videoWidth: 1280, videoHeight: 720 }),
    carol: await join(carol, tokC, { publish: false, videoWidth: 160, videoHeight: 90 }),
  }));
  await step('layers', async () => {
    const thumb = await decoding(carol, 'alice', (v) => v.frameWidth > 0 && v.frameWidth <= 320);
    // The large view gets a higher layer than the thumbnail once the
    // publisher's encoder has ramped up.
    const large = await decoding(bob, 'alice', (v) => v.frameWidth > thumb.frameWidth, 40000);
    return { large, thumb };
  });
  await step('speaking', async () =>
    // participant.isSpeaking is what speaking indicators (components-react)
    // follow; ActiveSpeakersChanged is only emitted once the room is
    // connected, so a speaker announced at join shows up in the flag.
    until('alice speaking on bob', async () => {
      const s = await bob.evaluate(() => {
        const p = [...window.room.remoteParticipants.values()].find((p) => p.identity === 'alice');
        return { isSpeaking: !!p && p.isSpeaking, level: p ? p.audioLevel : 0,
          events: window.events.filter((e) => e.type === 'activeSpeakers').length };
      });
      return { done: s.isSpeaking && s.level > 0, value: s };
    }, 20000));
  await step('connection_quality', async () =>
    waitEvent(bob, 'connection quality', (e) => e.type === 'connectionQuality' && e.identity === 'alice' && ['excellent', 'good'].includes(e.quality), 20000));
  let before;
  await step('hide_pauses', async () => {
    before = await cameraKbps(alice, 3000);
    const since = await bob.evaluate(() => Date.now());
    await bob.evaluate(() => window.setVideoVisible('alice', false));
    const paused = await waitEvent(bob, 'paused', (e) => e.type === 'streamState' && e.identity === 'alice' && e.kind === 'video' && e.state === 'paused', 15000, since);
    const f0 = (await video(bob, 'alice')).framesDecoded;
    await sleep(2000);
    const f1 = (await video(bob, 'alice')).framesDecoded;
    if (f1 - f0 > 3) throw new Error(`bob still decodes while hidden: ${f0} → ${f1}`);
    return { paused, frames: [f0, f1] };
  });
  await step('dynacast', async () => {
    // Only the thumbnail is watched now: the publisher stops the upper
    // layers. Give the encoder a keyframe interval to settle.
    const after = await until('lower publisher bitrate', async () => {
      const kbps = await cameraKbps(alice, 2000);
      return { done: kbps < before * 0.6, value: kbps, before };
    }, 20000);
    return { beforeKbps: before, afterKbps: after };
  });
  await step('show_resumes', async () => {
    const since = await bob.evaluate(() => Date.now());
    await bob.evaluate(() => window.setVideoVisible('alice', true));
    const active = await waitEvent(bob, 'active', (e) => e.type === 'streamState' && e.identity === 'alice' && e.kind === 'video' && e.state === 'active', 15000, since);
    const f0 = (await video(bob, 'alice')).framesDecoded;
    const v = await decoding(bob, 'alice', (v) => v.framesDecoded > f0 + 10, 20000);
    return { active, video: v };
  });
  if (crowd.length > 0) {
    await step('crowd', async () => {
      // Everyone leaves; six new participants publish and watch each other.
      for (const p of [alice, bob, carol]) await p.evaluate(() => window.room.disconnect());
      const names = crowd.map((_, i) => `p${i}`);
      const ps = [];
      for (let i = 0; i < crowd.length; i++) {
        const page = await open(names[i]);
        // 360p capture keeps six simulcast encoders within a small CI box.
        await join(page, crowd[i], { videoWidth: 160, videoHeight: 90, captureHeight: 360 });
        ps.push(page);
      }
      const seen = {};
      for (let i = 0; i < ps.length; i++) {
        for (let j = 0; j < ps.length; j++) {
          if (i === j) continue;
          try {
            seen[`${names[i]}<-${names[j]}`] = (await decoding(ps[i], names[j], () => true, 60000)).framesDecoded;
          } catch (e) {
            throw new Error(`${names[i]} does not decode ${names[j]}: ${e.message}`);
          }
        }
      }
      return seen;
    });
  }
}, async () => {
  await recordPages(results, pages, async () => ({ events: window.events.slice(-30), stats: await window.mediaStats() }));
});

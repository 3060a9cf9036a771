// @livekit/rtc-node participants (LiveKit's Rust SDK under node), driven
// over the line protocol (lineproto.mjs). One process holds any number of
// participants, each a Room named by {name}. Published video is a
// synthetic I420 picture with a moving bar (so the encoder has work);
// published audio is a 440 Hz tone. What a participant receives is
// counted from the decoded frames (VideoStream, AudioStream).
import {
  AudioFrame, AudioSource, AudioStream, DataPacketKind, LocalAudioTrack, LocalVideoTrack, Room, RoomEvent,
  SimulateScenarioKind, TrackKind, TrackPublishOptions, TrackSource, VideoBufferType, VideoCodec, VideoFrame,
  VideoSource, VideoStream, dispose,
} from '@livekit/rtc-node';
import { log, serve, sleep } from './lineproto.mjs';

const parts = {};

function part(name) {
  const p = parts[name];
  if (!p) throw new Error(`no participant ${name}`);
  return p;
}

// Counts decoded video frames (and their size) of one remote track.
async function countVideo(p, identity, track) {
  const stat = { frames: 0, width: 0, height: 0, firstFrameMs: 0 };
  p.video[identity] = stat;
  try {
    for await (const ev of new VideoStream(track)) {
      if (stat.frames === 0) stat.firstFrameMs = Date.now() - p.joinStartedAt;
      stat.frames++;
      stat.width = ev.frame.width;
      stat.height = ev.frame.height;
    }
  } catch (e) {
    log(`${p.name}: video stream from ${identity}: ${e}`);
  }
}

async function countAudio(p, identity, track) {
  const stat = { frames: 0, samples: 0, nonSilent: 0 };
  p.audio[identity] = stat;
  try {
    for await (const frame of new AudioStream(track, { sampleRate: 48000, numChannels: 1 })) {
      stat.frames++;
      stat.samples += frame.samplesPerChannel;
      if (frame.data.some((s) => Math.abs(s) > 300)) stat.nonSilent++;
    }
  } catch (e) {
    log(`${p.name}: audio stream from ${identity}: ${e}`);
  }
}

function listen(p) {
  const { room } = p;
  const ev = (e) => p.events.push({ at: Date.now(), ...e });
  room.on(RoomEvent.TrackSubscribed, (track, pub, rp) => {
    ev({ type: 'trackSubscribed', identity: rp.identity, kind: track.kind === TrackKind.KIND_VIDEO ? 'video' : 'audio', ms: Date.now() - p.joinStartedAt });
    if (track.kind === TrackKind.KIND_VIDEO) countVideo(p, rp.identity, track);
    else countAudio(p, rp.identity, track);
  });
  room.on(RoomEvent.ParticipantConnected, (rp) => ev({ type: 'participantConnected', identity: rp.identity }));
  room.on(RoomEvent.ParticipantDisconnected, (rp) => ev({ type: 'participantDisconnected', identity: rp.identity }));
  room.on(RoomEvent.Reconnecting, () => ev({ type: 'reconnecting' }));
  room.on(RoomEvent.Reconnected, () => ev({ type: 'reconnected' }));
  room.on(RoomEvent.Disconnected, (reason) => ev({ type: 'disconnected', reason }));
  room.on(RoomEvent.DataReceived, (payload, rp, kind, topic) => {
    ev({ type: 'data', from: rp ? rp.identity : '', size: payload.byteLength, dataKind: kind === DataPacketKind.KIND_RELIABLE ? 0 : 1,
      topic: topic || '', text: payload.byteLength <= 256 ? new TextDecoder().decode(payload) : '' });
  });
  room.registerTextStreamHandler('chat', async (reader, info) => {
    const text = await reader.readAll();
    ev({ type: 'text', from: info.identity, size: text.length, text: text.length <= 256 ? text : '' });
  });
  room.registerByteStreamHandler('file', async (reader, info) => {
    const chunks = await reader.readAll();
    let size = 0, sum = 0;
    for (const c of chunks) {
      size += c.byteLength;
      for (const b of c) sum = (sum + b) % 65521;
    }
    ev({ type: 'bytes', from: info.identity, size, sum, name: reader.info.name });
  });
}

// The RPC methods every participant offers (the local participant exists
// once connected).
function registerRpc(p) {
  const lp = p.room.localParticipant;
  lp.registerRpcMethod('echo', async (d) => d.payload);
  lp.registerRpcMethod('greet', async (d) => `hello ${d.payload} from ${lp.identity} caller ${d.callerIdentity}`);
  lp.registerRpcMethod('big', async (d) => 'x'.repeat(Number(d.payload) || 20000));
}

// I420 frames of a grey picture with a bright bar sweeping across it.
function startVideo(p, source, width, height, fps) {
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  let n = 0;
  const timer = setInterval(() => {
    const data = new Uint8Array(ySize + 2 * cSize);
    data.fill(90, 0, ySize);
    data.fill(128, ySize);
    const bar = (n * 8) % width;
    for (let y = 0; y < height; y++) data.fill(235, y * width + bar, y * width + Math.min(width, bar + 40));
    n++;
    source.captureFrame(new VideoFrame(data, width, height, VideoBufferType.I420));
  }, Math.round(1000 / fps));
  p.stops.push(() => clearInterval(timer));
}

function startAudio(p, source) {
  let running = true;
  p.stops.push(() => { running = false; });
  (async () => {
    let t = 0;
    while (running) {
      const frame = AudioFrame.create(48000, 1, 480);
      for (let i = 0; i < 480; i++, t++) frame.data[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * t) / 48000));
      try {
        await source.captureFrame(frame);
      } catch (e) {
        if (running) log(`${p.name}: audio capture: ${e}`);
        return;
      }
    }
  })();
}

serve({
  async join({ name, url, token, options = {} }) {
    const room = new Room();
    const p = { name, room, events: [], video: {}, audio: {}, stops: [], joinStartedAt: Date.now() };
    parts[name] = p;
    listen(p);
    await room.connect(url, token, { autoSubscribe: options.autoSubscribe ?? true, dynacast: options.dynacast ?? false });
    registerRpc(p);
    return { sid: room.localParticipant.sid, connectedMs: Date.now() - p.joinStartedAt };
  },
  async publishVideo({ name, width = 640, height = 360, fps = 15, simulcast = false }) {
    const p = part(name);
    const source = new VideoSource(width, height);
    const track = LocalVideoTrack.createVideoTrack('camera', source);
    const opts = new TrackPublishOptions({ source: TrackSource.SOURCE_CAMERA, simulcast, videoCodec: VideoCodec.VP8 });
    const pub = await p.room.localParticipant.publishTrack(track, opts);
    startVideo(p, source, width, height, fps);
    return { sid: pub.sid };
  },
  async publishAudio({ name }) {
    const p = part(name);
    const source = new AudioSource(48000, 1);
    const track = LocalAudioTrack.createAudioTrack('microphone', source);
    const opts = new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE });
    const pub = await p.room.localParticipant.publishTrack(track, opts);
    startAudio(p, source);
    return { sid: pub.sid };
  },
  received: ({ name }) => {
    const p = part(name);
    return { video: p.video, audio: p.audio };
  },
  events: ({ name, since = 0 }) => part(name).events.filter((e) => e.at > since),
  now: () => Date.now(),
  state({ name }) {
    const p = part(name);
    return {
      connected: p.room.isConnected,
      remotes: [...p.room.remoteParticipants.values()].map((r) => ({
        identity: r.identity, sid: r.sid,
        tracks: [...r.trackPublications.values()].map((t) => ({ sid: t.sid, kind: t.kind === TrackKind.KIND_VIDEO ? 'video' : 'audio', subscribed: t.subscribed })),
      })),
    };
  },
  async rpc({ name, to, method, payload }) {
    const started = Date.now();
    try {
      const result = await part(name).room.localParticipant.performRpc({ destinationIdentity: to, method, payload });
      return { ok: true, ms: Date.now() - started, size: result.length, result: result.length <= 256 ? result : '' };
    } catch (e) {
      return { ok: false, ms: Date.now() - started, code: e.code, message: e.message, data: e.data ?? null };
    }
  },
  async sendText({ name, text, topic = 'chat', to = [] }) {
    const info = await part(name).room.localParticipant.sendText(text, { topic, destinationIdentities: to });
    return { id: info.id };
  },
  async publishData({ name, text, reliable, topic = '', to = [] }) {
    await part(name).room.localParticipant.publishData(new TextEncoder().encode(text), { reliable: !!reliable, topic, destination_identities: to });
  },
  async simulate({ name, scenario }) {
    const kinds = { 'signal-reconnect': SimulateScenarioKind.SIMULATE_SIGNAL_RECONNECT, 'full-reconnect': SimulateScenarioKind.SIMULATE_FULL_RECONNECT };
    if (!(scenario in kinds)) throw new Error(`unknown scenario ${scenario}`);
    await part(name).room.simulateScenario(kinds[scenario]);
  },
  async disconnect({ name }) {
    const p = part(name);
    p.stops.forEach((s) => s());
    await p.room.disconnect();
    delete parts[name];
  },
}, async () => {
  for (const p of Object.values(parts)) {
    p.stops.forEach((s) => s());
    await p.room.disconnect().catch(() => {});
  }
  await sleep(100);
  await dispose();
});

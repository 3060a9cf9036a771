// One livekit-client participant per page, driven by browser.mjs through
// window.conf. Everything a step reports is read from livekit-client's own
// objects and from WebRTC getStats, never computed from what the test sent.
'use strict';
(() => {
  const lk = window.LivekitClient;
  const events = [];
  const ev = (e) => events.push({ at: Date.now(), ...e });
  let room = null;
  let joinStartedAt = 0;
  const elementSize = {};
  // The RPC methods every participant offers.
  const rpcMethods = {
    echo: async (d) => d.payload,
    greet: async (d) => `hello ${d.payload} from ${room.localParticipant.identity} caller ${d.callerIdentity}`,
    fail: async () => { throw new lk.RpcError(4001, 'nope', 'extra'); },
    big: async (d) => 'x'.repeat(Number(d.payload) || 20000),
  };

  function remote(identity) {
    const p = [...room.remoteParticipants.values()].find((x) => x.identity === identity);
    if (!p) throw new Error(`no remote participant ${identity}`);
    return p;
  }
  function remotePub(identity, kind = 'video') {
    const pub = [...remote(identity).trackPublications.values()].find((x) => x.kind === kind);
    if (!pub) throw new Error(`${identity} publishes no ${kind} track`);
    return pub;
  }
  function localPub(kind) {
    return [...room.localParticipant.trackPublications.values()].find((x) => x.kind === kind);
  }

  // Records firstFrame ({identity, ms since join started}) once a remote
  // video track decodes its first frame, polling its stats every 20 ms.
  function watchFirstFrame(track, identity, forRoom) {
    const poll = async () => {
      if (room !== forRoom || !track.receiver) return;
      let decoded = 0;
      (await track.receiver.getStats()).forEach((s) => { if (s.type === 'inbound-rtp') decoded = s.framesDecoded || 0; });
      if (decoded > 0) {
        ev({ type: 'firstFrame', identity, ms: Date.now() - joinStartedAt });
        return;
      }
      setTimeout(poll, 20);
    };
    poll();
  }

  function sizeElement(el, identity) {
    const s = elementSize[identity] || elementSize['*'] || { width: 640, height: 360 };
    el.style.width = `${s.width}px`;
    el.style.height = `${s.height}px`;
  }

  function listen(r) {
    const E = lk.RoomEvent;
    r.on(E.TrackSubscribed, (track, pub, p) => {
      const el = track.attach();
      el.muted = true;
      el.autoplay = true;
      el.dataset.identity = p.identity;
      if (track.kind === 'video') {
        sizeElement(el, p.identity);
        watchFirstFrame(track, p.identity, r);
      }
      document.body.appendChild(el);
      ev({ type: 'trackSubscribed', identity: p.identity, kind: track.kind, ms: Date.now() - joinStartedAt });
    });
    r.on(E.TrackUnsubscribed, (track, pub, p) => {
      track.detach().forEach((el) => el.remove());
      ev({ type: 'trackUnsubscribed', identity: p.identity, kind: track.kind });
    });
    r.on(E.TrackUnpublished, (pub, p) => ev({ type: 'trackUnpublished', identity: p.identity, kind: pub.kind }));
    r.on(E.TrackStreamStateChanged, (pub, state, p) => ev({ type: 'streamState', identity: p.identity, kind: pub.kind, state }));
    r.on(E.ParticipantConnected, (p) => ev({ type: 'participantConnected', identity: p.identity }));
    r.on(E.ParticipantDisconnected, (p) => ev({ type: 'participantDisconnected', identity: p.identity }));
    r.on(E.Reconnecting, () => ev({ type: 'reconnecting' }));
    r.on(E.SignalReconnecting, () => ev({ type: 'signalReconnecting' }));
    r.on(E.Reconnected, () => ev({ type: 'reconnected' }));
    r.on(E.Disconnected, (reason) => ev({ type: 'disconnected', reason }));
    r.on(E.EncryptionError, (err) => ev({ type: 'encryptionError', message: String(err && err.message ? err.message : err).slice(0, 200) }));
    r.on(E.DataReceived, (payload, p, kind, topic) => {
      ev({ type: 'data', from: p ? p.identity : '', size: payload.byteLength, dataKind: kind, topic: topic || '',
        text: payload.byteLength <= 256 ? new TextDecoder().decode(payload) : '' });
    });
    r.registerTextStreamHandler('chat', async (reader, info) => {
      const text = await reader.readAll();
      ev({ type: 'text', from: info.identity, size: text.length, text: text.length <= 256 ? text : '' });
    });
    r.registerByteStreamHandler('file', async (reader, info) => {
      const chunks = await reader.readAll();
      let size = 0, sum = 0;
      for (const c of chunks) {
        size += c.byteLength;
        for (const b of c) sum = (sum + b) % 65521;
      }
      ev({ type: 'bytes', from: info.identity, size, sum, name: reader.info.name });
    });
    for (const [m, h] of Object.entries(rpcMethods)) r.registerRpcMethod(m, h);
  }

  const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

  // Every ICE candidate the server offers, as handed to the peer
  // connections (in remote descriptions and trickled), whether or not this
  // client can use it.
  const remoteCandidates = [];
  const addIceCandidate = RTCPeerConnection.prototype.addIceCandidate;
  RTCPeerConnection.prototype.addIceCandidate = function (c, ...rest) {
    if (c && c.candidate) remoteCandidates.push(c.candidate);
    return addIceCandidate.call(this, c, ...rest);
  };
  const setRemoteDescription = RTCPeerConnection.prototype.setRemoteDescription;
  RTCPeerConnection.prototype.setRemoteDescription = function (d, ...rest) {
    if (d && d.sdp) d.sdp.split(/\r?\n/).filter((l) => l.startsWith('a=candidate:')).forEach((l) => remoteCandidates.push(l.slice(2)));
    return setRemoteDescription.call(this, d, ...rest);
  };

  // The selected candidate pair of a stats report: round-trip time and path.
  function transportOf(stats) {
    for (const s of stats.values()) {
      if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
      const pair = stats.get(s.selectedCandidatePairId);
      if (!pair) continue;
      const local = stats.get(pair.localCandidateId), rem = stats.get(pair.remoteCandidateId);
      return {
        rttMs: Math.round(num(pair.currentRoundTripTime) * 1000),
        local: local ? { type: local.candidateType, protocol: local.protocol, relayProtocol: local.relayProtocol || '' } : null,
        remote: rem ? { type: rem.candidateType, protocol: rem.protocol, address: rem.address, port: rem.port } : null,
      };
    }
    return null;
  }

  window.conf = {
    async join(url, token, o = {}) {
      if (o.elementWidth) elementSize['*'] = { width: o.elementWidth, height: o.elementHeight };
      const capture = o.capture || { width: 1280, height: 720 };
      const roomOpts = {
        singlePeerConnection: o.singlePC ?? true,
        adaptiveStream: o.adaptiveStream ?? false,
        dynacast: o.dynacast ?? false,
        videoCaptureDefaults: { resolution: { width: capture.width, height: capture.height, frameRate: 30 } },
        publishDefaults: { simulcast: o.simulcast ?? true, videoCodec: o.videoCodec || 'vp8' },
      };
      if (o.e2eeKey) {
        const keyProvider = new lk.ExternalE2EEKeyProvider();
        await keyProvider.setKey(o.e2eeKey);
        roomOpts.encryption = { keyProvider, worker: new Worker('/livekit-client.e2ee.worker.js') };
      }
      room = new lk.Room(roomOpts);
      window.room = room;
      listen(room);
      if (o.e2eeKey) await room.setE2EEEnabled(true);
      joinStartedAt = Date.now();
      // A busy test machine can take longer than livekit-client's 15 s to
      // connect a peer connection; the scenarios time out on their own.
      await room.connect(url, token, { autoSubscribe: o.autoSubscribe ?? true, peerConnectionTimeout: 45000, ...(o.connectOptions || {}) });
      const connectedMs = Date.now() - joinStartedAt;
      if (o.video ?? true) await room.localParticipant.setCameraEnabled(true);
      if (o.audio ?? true) await room.localParticipant.setMicrophoneEnabled(true);
      return {
        sid: room.localParticipant.sid,
        connectedMs,
        serverVersion: room.serverInfo ? room.serverInfo.version : '',
        serverEdition: room.serverInfo ? room.serverInfo.edition : 0,
        signalPaths: window.sockets.map((s) => new URL(s.url).pathname),
        e2ee: room.isE2EEEnabled,
      };
    },

    events: (since = 0) => events.filter((e) => e.at > since),
    remoteCandidates: () => [...remoteCandidates],
    now: () => Date.now(),

    state() {
      return {
        state: room ? room.state : 'none',
        remotes: room ? [...room.remoteParticipants.values()].map((p) => ({
          identity: p.identity, sid: p.sid, clientProtocol: p.clientProtocol,
          tracks: [...p.trackPublications.values()].map((t) => ({ sid: t.trackSid, kind: t.kind, subscribed: t.isSubscribed, hasTrack: !!t.track })),
        })) : [],
        signalPaths: window.sockets.map((s) => new URL(s.url).pathname),
      };
    },

    // What each remote track delivers, by `${identity}:${kind}`, with the
    // transport's round-trip time.
    async inbound() {
      const out = {};
      let transport = null;
      for (const p of room.remoteParticipants.values()) {
        for (const pub of p.trackPublications.values()) {
          const t = pub.track;
          if (!t || !t.receiver) continue;
          const stats = await t.receiver.getStats();
          transport = transport || transportOf(stats);
          stats.forEach((s) => {
            if (s.type !== 'inbound-rtp') return;
            const codec = s.codecId && stats.get(s.codecId);
            const emitted = num(s.jitterBufferEmittedCount);
            out[`${p.identity}:${t.kind}`] = {
              codec: codec ? codec.mimeType : '',
              packetsReceived: num(s.packetsReceived), packetsLost: num(s.packetsLost), bytesReceived: num(s.bytesReceived),
              jitterMs: Math.round(num(s.jitter) * 1000),
              jitterBufferMs: emitted ? Math.round((num(s.jitterBufferDelay) / emitted) * 1000) : 0,
              nackCount: num(s.nackCount), pliCount: num(s.pliCount), firCount: num(s.firCount),
              retransmittedPacketsReceived: num(s.retransmittedPacketsReceived),
              framesDecoded: num(s.framesDecoded), keyFramesDecoded: num(s.keyFramesDecoded), framesDropped: num(s.framesDropped),
              frameWidth: num(s.frameWidth), frameHeight: num(s.frameHeight), framesPerSecond: num(s.framesPerSecond),
              freezeCount: num(s.freezeCount), totalFreezesMs: Math.round(num(s.totalFreezesDuration) * 1000),
              totalSamplesReceived: num(s.totalSamplesReceived), concealedSamples: num(s.concealedSamples),
              encrypted: pub.isEncrypted,
            };
          });
        }
      }
      return { tracks: out, transport };
    },

    // What the local camera and microphone send: video per simulcast
    // encoding (rid), with the encoder's state and the remote's reports.
    async outbound() {
      const out = { video: [], audio: null, remote: {}, transport: null };
      for (const kind of ['video', 'audio']) {
        const pub = localPub(kind);
        if (!pub || !pub.track || !pub.track.sender) continue;
        const stats = await pub.track.sender.getStats();
        out.transport = out.transport || transportOf(stats);
        stats.forEach((s) => {
          if (s.type === 'outbound-rtp') {
            const row = {
              rid: s.rid || '', active: s.active !== false, ssrc: s.ssrc,
              packetsSent: num(s.packetsSent), bytesSent: num(s.bytesSent),
              retransmittedPacketsSent: num(s.retransmittedPacketsSent), retransmittedBytesSent: num(s.retransmittedBytesSent),
              nackCount: num(s.nackCount), pliCount: num(s.pliCount), firCount: num(s.firCount),
              framesEncoded: num(s.framesEncoded), frameWidth: num(s.frameWidth), frameHeight: num(s.frameHeight),
              framesPerSecond: num(s.framesPerSecond), targetBitrate: num(s.targetBitrate),
              qualityLimitationReason: s.qualityLimitationReason || '',
            };
            if (kind === 'video') out.video.push(row); else out.audio = row;
          } else if (s.type === 'remote-inbound-rtp') {
            out.remote[`${kind}:${s.ssrc}`] = { rttMs: Math.round(num(s.roundTripTime) * 1000), fractionLost: num(s.fractionLost), packetsLost: num(s.packetsLost) };
          }
        });
      }
      out.video.sort((a, b) => a.rid.localeCompare(b.rid));
      return out;
    },

    // The remote publication as the client sees it (TrackInfo included).
    publication(identity, kind = 'video') {
      const pub = remotePub(identity, kind);
      const info = pub.trackInfo;
      return {
        sid: pub.trackSid, subscribed: pub.isSubscribed, enabled: pub.isEnabled, encrypted: pub.isEncrypted,
        encryption: info ? info.encryption : null, simulcasted: pub.simulcasted ?? null, mimeType: pub.mimeType || '',
        dimensions: pub.dimensions || null, layers: info ? info.layers.map((l) => ({ quality: l.quality, width: l.width, height: l.height })) : [],
        clientProtocol: remote(identity).clientProtocol,
      };
    },

    setQuality(identity, quality) { remotePub(identity).setVideoQuality(lk.VideoQuality[quality]); },
    setDimensions(identity, width, height) { remotePub(identity).setVideoDimensions({ width, height }); },
    setSubscribed(identity, subscribed) { remotePub(identity).setSubscribed(subscribed); },
    setEnabled(identity, enabled) { remotePub(identity).setEnabled(enabled); },
    // Resizes (adaptiveStream follows the element's size) or hides the
    // elements showing a remote participant's video.
    setElement(identity, width, height, visible = true) {
      elementSize[identity] = { width, height };
      for (const el of document.querySelectorAll(`video[data-identity="${identity}"]`)) {
        sizeElement(el, identity);
        el.style.display = visible ? '' : 'none';
      }
    },

    async rpc(destinationIdentity, method, payload) {
      const started = Date.now();
      try {
        const result = await room.localParticipant.performRpc({ destinationIdentity, method, payload });
        return { ok: true, ms: Date.now() - started, size: result.length, result: result.length <= 256 ? result : '' };
      } catch (e) {
        return { ok: false, ms: Date.now() - started, code: e.code, message: e.message, data: e.data ?? null };
      }
    },
    async sendText(text, topic = 'chat', to = []) {
      const info = await room.localParticipant.sendText(text, { topic, destinationIdentities: to });
      return { id: info.id };
    },
    // Sends size bytes (i % 251) as a file; the receiver checks a sum.
    async sendFile(size, name = 'blob.bin', topic = 'file') {
      const bytes = new Uint8Array(size).map((_, i) => i % 251);
      let sum = 0;
      for (const b of bytes) sum = (sum + b) % 65521;
      const r = await room.localParticipant.sendFile(new File([bytes], name), { topic });
      return { id: r.id, sum };
    },
    async publishData(text, reliable, topic = '', to = []) {
      await room.localParticipant.publishData(new TextEncoder().encode(text), { reliable, topic, destinationIdentities: to });
    },
    simulate: (scenario, arg) => room.simulateScenario(scenario, arg),
    // Closes the signalling WebSocket as a dropped network would.
    closeSignal() {
      const ws = window.sockets.filter((s) => new URL(s.url).pathname.includes('/rtc')).at(-1);
      if (!ws) throw new Error('no signalling socket');
      ws.close();
    },
    async setMicrophone(on) { await room.localParticipant.setMicrophoneEnabled(on); },
    async setCamera(on) { await room.localParticipant.setCameraEnabled(on); },
    async disconnect() { if (room) await room.disconnect(); },
  };
})();

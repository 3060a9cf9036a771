package sfu

import (
	"slices"
	"strings"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
	"souk/sfu/direct"
	"souk/sfu/forward"
	"souk/sfu/rtx"
)

// addTrack answers an AddTrackRequest with TrackPublished. Media arrives
// later in the offer, matched by cid (the msid track id).
func (p *Participant) addTrack(req *livekit.AddTrackRequest) {
	if g := p.currentGrant(); !g.GetCanPublish() || !g.GetCanPublishSource(req.GetSource()) {
		p.log.Info("publish refused by grant", "cid", req.GetCid(), "source", req.GetSource())
		p.requestResponse(livekit.RequestResponse_NOT_ALLOWED, "token does not allow publishing source "+req.GetSource().String())
		return
	}
	p.mu.Lock()
	for _, t := range p.published {
		if t.cid == req.GetCid() {
			info := t.info
			p.mu.Unlock()
			p.send(trackPublished(req.GetCid(), info))
			return
		}
	}
	if existing := p.published[req.GetSid()]; req.GetSid() != "" && existing != nil {
		// A second codec for a track already published (livekit-client's
		// backup codec). We forward one codec per track, so it becomes no
		// second track: the answer names the existing track, its media is
		// not forwarded, and dynacast keeps all its layers off.
		info := existing.info
		p.mu.Unlock()
		p.log.Info("additional codec for a published track is not forwarded", "track", req.GetSid(), "codecs", len(req.GetSimulcastCodecs()))
		p.send(trackPublished(req.GetCid(), info))
		p.onSubscribedQuality(info.Sid)
		return
	}
	if len(p.published) >= p.cfg.MaxTracksPerParticipant {
		p.mu.Unlock()
		p.log.Info("track limit reached", "max", p.cfg.MaxTracksPerParticipant)
		p.requestResponse(livekit.RequestResponse_LIMIT_EXCEEDED, "max tracks per participant reached")
		return
	}
	info := &livekit.TrackInfo{
		Sid: newID("TR_"), Type: req.GetType(), Name: req.GetName(), Muted: req.GetMuted(),
		Width: req.GetWidth(), Height: req.GetHeight(), Simulcast: len(req.GetLayers()) > 1,
		DisableDtx: req.GetDisableDtx(), Source: req.GetSource(), Layers: req.GetLayers(),
		Stereo: req.GetStereo(), DisableRed: req.GetDisableRed(), Encryption: req.GetEncryption(),
		Stream: req.GetStream(), AudioFeatures: req.GetAudioFeatures(), BackupCodecPolicy: req.GetBackupCodecPolicy(),
	}
	if info.Stream == "" {
		info.Stream = "camera"
		if s := req.GetSource(); s == livekit.TrackSource_SCREEN_SHARE || s == livekit.TrackSource_SCREEN_SHARE_AUDIO {
			info.Stream = "screen"
		}
	}
	info.Codecs = requestedCodecs(req)
	if len(info.Codecs) > 0 {
		info.MimeType = info.Codecs[0].MimeType
	}
	kind := webrtc.RTPCodecTypeAudio
	if req.GetType() == livekit.TrackType_VIDEO {
		kind = webrtc.RTPCodecTypeVideo
	}
	lt := &localTrack{info: info, cid: req.GetCid()}
	lt.pub = &publishedTrack{sid: info.Sid, ownerSID: p.sid, recv: forward.NewReceiver(forward.ReceiverConfig{
		TrackID: info.Sid, Kind: kind, LayerWidths: layerWidths(req.GetLayers(), req.GetWidth()),
		SendRTCP: p.pub.pc.WriteRTCP, Payloads: codecPayloads{}, Totals: p.room.counters, Log: p.log,
		OnWanted:    func() { p.onSubscribedQuality(info.Sid) },
		AfterFanout: p.cfg.afterFanout,
	})}
	p.published[info.Sid] = lt
	p.mu.Unlock()
	p.send(trackPublished(req.GetCid(), info))
	p.changed()
}

func trackPublished(cid string, info *livekit.TrackInfo) *livekit.SignalResponse {
	return &livekit.SignalResponse{Message: &livekit.SignalResponse_TrackPublished{TrackPublished: &livekit.TrackPublishedResponse{Cid: cid, Track: info}}}
}

// requestedCodecs lists the codec the client will send, so that it adopts it
// (livekit-client takes codecs[0].mime_type when the server does not list
// enabled codecs).
func requestedCodecs(req *livekit.AddTrackRequest) []*livekit.SimulcastCodecInfo {
	if req.GetType() == livekit.TrackType_AUDIO {
		mime := mimeRED
		if req.GetDisableRed() {
			mime = webrtc.MimeTypeOpus
		}
		return []*livekit.SimulcastCodecInfo{{MimeType: mime, Cid: req.GetCid()}}
	}
	var out []*livekit.SimulcastCodecInfo
	for _, c := range req.GetSimulcastCodecs() {
		if c.GetCodec() == "" {
			continue
		}
		mime := c.GetCodec()
		if !strings.Contains(mime, "/") {
			mime = "video/" + mime
		}
		out = append(out, &livekit.SimulcastCodecInfo{MimeType: mime, Cid: c.GetCid(), Layers: req.GetLayers()})
	}
	if len(out) == 0 {
		out = append(out, &livekit.SimulcastCodecInfo{MimeType: webrtc.MimeTypeVP8, Cid: req.GetCid(), Layers: req.GetLayers()})
	}
	return out
}

func layerWidths(layers []*livekit.VideoLayer, width uint32) [forward.NumLayers]uint32 {
	var w [forward.NumLayers]uint32
	for _, l := range layers {
		if q := int(l.GetQuality()); q >= 0 && q < forward.NumLayers {
			w[q] = max(l.GetWidth(), l.GetHeight())
		}
	}
	if w == ([forward.NumLayers]uint32{}) {
		w[forward.QualityHigh] = width
	}
	return w
}

// onTrack binds a received stream (one simulcast layer) to its publication.
func (p *Participant) onTrack(remote *webrtc.TrackRemote, recv *webrtc.RTPReceiver) {
	if strings.EqualFold(remote.Codec().MimeType, webrtc.MimeTypeRTX) {
		// pion took a layer's retransmissions, stamped with the layer's
		// rid, for the layer itself and now reads them in its place:
		// the layer's reader unwraps them (layerReader). They are no
		// layer of their own.
		p.log.Debug("retransmissions bound as their layer", "track_id", remote.ID(), "rid", remote.RID(), "ssrc", remote.SSRC())
		p.keepReading(remote)
		return
	}
	p.mu.Lock()
	var lt *localTrack
	for _, t := range p.published {
		if t.cid == remote.ID() || t.info.Sid == remote.ID() {
			lt = t
			break
		}
	}
	if lt == nil {
		p.mu.Unlock()
		p.log.Warn("media without a matching AddTrack, ignored", "track_id", remote.ID(), "rid", remote.RID())
		return
	}
	mid := ""
	for _, tr := range p.pub.pc.GetTransceivers() {
		if tr.Receiver() == recv {
			mid = tr.Mid()
			lt.info.Mid = mid
		}
	}
	lt.seen = true
	lt.info.MimeType = remote.Codec().MimeType
	pub := lt.pub
	p.mu.Unlock()

	first := !pub.recv.HasMedia()
	info := forward.Layer{RID: remote.RID(), SSRC: uint32(remote.SSRC()), Codec: remote.Codec()}
	if remote.Kind() == webrtc.RTPCodecTypeAudio {
		info.AudioLevelID, info.Levels = audioLevelID(recv), p.room.speakers.Source(p.sid)
	}
	offer := ""
	if rd := p.pub.pc.RemoteDescription(); rd != nil {
		offer = rd.SDP
	}
	match := rtx.NewMatch(remote, recv, mid, offer)
	run, ok := pub.recv.AddLayer(info, layerReader(remote, info.SSRC, match))
	if !ok {
		return
	}
	p.log.Info("receiving media", "track", pub.sid, "codec", remote.Codec().MimeType, "rid", remote.RID(), "ssrc", remote.SSRC(),
		"rtx_pt", match.RTXPT, "rtx_ssrc", match.RTXSSRC, "audio_level_ext", info.AudioLevelID)
	if out := p.pub.out; out != nil {
		// From now on the stream and its retransmissions are read past
		// pion when they can be (sfu/direct); the reader keeps what
		// pion still delivers.
		ssrc := info.SSRC
		out.TakeStream(direct.StreamInfo(remote, recv), match,
			func(pkt []byte) { pub.recv.PushPacket(ssrc, pkt) },
			func(pkt []byte) { pub.recv.PushRepair(ssrc, pkt) })
		go func() {
			run()
			out.DropStream(ssrc)
		}()
	} else {
		go run()
	}
	if first {
		p.changed()
		p.room.emitTrack(EventTrackPublished, p, lt.info)
		p.room.trackReady(p, pub)
	}
}

// keepReading goes on reading a layer's own stream after pion bound its
// retransmissions (remote, stamped with the layer's rid) in its place:
// pion's track then reads only those, and without this the layer's media
// was read by no one wherever pion receives it (ICE over TCP, a TURN
// relay, a 1:1 NAT without a direct route). The stream is read as pion
// bound it, through the connection's receive interceptors, until it ends
// or the layer is gone.
func (p *Participant) keepReading(remote *webrtc.TrackRemote) {
	streams := p.pub.streams
	if streams == nil {
		return
	}
	p.mu.Lock()
	var pub *publishedTrack
	for _, t := range p.published {
		if t.cid == remote.ID() || t.info.Sid == remote.ID() {
			pub = t.pub
			break
		}
	}
	p.mu.Unlock()
	if pub == nil {
		return
	}
	ssrc, ok := pub.recv.LayerSSRC(remote.RID())
	if !ok || ssrc == uint32(remote.SSRC()) {
		return
	}
	reader, ok := streams.Take(ssrc)
	if !ok {
		return
	}
	p.log.Debug("layer read past its retransmissions", "track", pub.sid, "rid", remote.RID(), "ssrc", ssrc, "rtx_ssrc", remote.SSRC())
	go func() {
		buf := make([]byte, buffer.MaxPacketSize)
		for {
			n, _, err := reader.Read(buf, nil)
			if err != nil {
				p.log.Debug("layer stream ended", "track", pub.sid, "ssrc", ssrc, "err", err)
				return
			}
			if !pub.recv.PushPacket(ssrc, buf[:n]) {
				return // the layer is gone
			}
		}
	}()
}

// layerReader reads a received layer through pion. pion unwraps RTX
// named by SSRC or repaired-rid into the stream and marks it with the RTX
// SSRC attribute; a retransmission stream stamped with the layer's own rid
// it binds in the layer's place, and those packets come raw, with the RTX
// payload type: they are unwrapped here into the layer (ssrc and the
// payload type it had when bound).
func layerReader(remote *webrtc.TrackRemote, ssrc uint32, match rtx.Match) forward.ReadFunc {
	return func(b []byte) (int, bool, error) {
		for {
			n, attrs, err := remote.Read(b)
			if err != nil {
				return n, false, err
			}
			if attrs != nil && attrs.Get(webrtc.AttributeRtxSsrc) != nil {
				return n, true, nil
			}
			if match.RTXPT == 0 || n < 2 || b[1]&0x7f != match.RTXPT {
				return n, false, nil
			}
			m, ok, err := rtx.Unwrap(b[:n], ssrc, match.PT)
			if err == nil && ok {
				return m, true, nil
			}
			// a padding-only probe: nothing to repair
		}
	}
}

// detectUnpublished finds published tracks whose sender the client removed:
// their msid no longer appears in a sending m-section of the new offer.
// There is no signal message for unpublishing.
func (p *Participant) detectUnpublished(offerSDP string) bool {
	var sd sdp.SessionDescription
	if err := sd.UnmarshalString(offerSDP); err != nil {
		return false
	}
	sending := map[string]bool{}
	for _, m := range sd.MediaDescriptions {
		if m.MediaName.Port.Value == 0 {
			continue
		}
		dir := "sendrecv"
		for _, a := range m.Attributes {
			switch a.Key {
			case "sendonly", "recvonly", "inactive", "sendrecv":
				dir = a.Key
			}
		}
		if dir != "sendonly" && dir != "sendrecv" {
			continue
		}
		for _, a := range m.Attributes {
			if a.Key == "msid" {
				if f := strings.Fields(a.Value); len(f) == 2 {
					sending[f[1]] = true
				}
			}
		}
	}
	var gone []*localTrack
	p.mu.Lock()
	for sid, t := range p.published {
		if sending[t.cid] {
			t.seen = true
		} else if t.seen {
			gone = append(gone, t)
			delete(p.published, sid)
		}
	}
	p.mu.Unlock()
	p.dropPublished(gone, "the client stopped sending it")
	return len(gone) > 0
}

// dropPublished ends tracks already removed from p.published: subscribers
// lose them and everyone sees them unpublished.
func (p *Participant) dropPublished(gone []*localTrack, why string) {
	for _, t := range gone {
		p.log.Info("track unpublished", "track", t.info.Sid, "why", why)
		p.room.emitUnpublished(p, t)
		t.pub.recv.Close()
		go p.room.trackGone(t.pub)
	}
}

func (p *Participant) setMuted(sid string, muted bool) {
	p.mu.Lock()
	t, ok := p.published[sid]
	if ok {
		t.info.Muted = muted
	}
	p.mu.Unlock()
	if ok {
		p.changed()
	}
}

// publishedReady lists tracks that already carry media, for a late joiner.
func (p *Participant) publishedReady() []*publishedTrack {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*publishedTrack
	for _, t := range p.published {
		if t.pub.recv.HasMedia() {
			out = append(out, t.pub)
		}
	}
	slices.SortFunc(out, func(a, b *publishedTrack) int { return strings.Compare(a.sid, b.sid) })
	return out
}

func (p *Participant) findPublished(sid string) *publishedTrack {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t, ok := p.published[sid]; ok {
		return t.pub
	}
	return nil
}

func (p *Participant) publishedAll() []*publishedTrack {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*publishedTrack, 0, len(p.published))
	for _, t := range p.published {
		out = append(out, t.pub)
	}
	return out
}

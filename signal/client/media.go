package client

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// LocalTrack is a published track fed with RTP by the caller.
type LocalTrack struct {
	Info   *livekit.TrackInfo
	track  *webrtc.TrackLocalStaticRTP
	sender *webrtc.RTPSender
	// layers are the simulcast encodings (just track without simulcast);
	// mid and the extension ids are set for simulcast only.
	layers       []*webrtc.TrackLocalStaticRTP
	mid          string
	midID, ridID uint8

	keyframeRequests atomic.Int64
	remb             atomic.Uint64 // latest receiver estimate, bit/s
	transportCC      atomic.Int64  // transport-wide feedback packets
}

// REMB is the latest receiver estimate (bit/s) the server sent for this
// track, 0 before any.
func (t *LocalTrack) REMB() uint64 { return t.remb.Load() }

// TransportFeedback counts transport-wide congestion control feedback
// packets received about this track.
func (t *LocalTrack) TransportFeedback() int64 { return t.transportCC.Load() }

// countFeedback notes bandwidth feedback among received RTCP.
func (t *LocalTrack) countFeedback(p rtcp.Packet) {
	switch p := p.(type) {
	case *rtcp.ReceiverEstimatedMaximumBitrate:
		t.remb.Store(uint64(p.Bitrate))
	case *rtcp.TransportLayerCC:
		t.transportCC.Add(1)
	}
}

// WriteRTP sends one packet (SSRC and payload type are set by pion).
func (t *LocalTrack) WriteRTP(p *rtp.Packet) error { return t.track.WriteRTP(p) }

// KeyframeRequests counts PLI/FIR received from the server.
func (t *LocalTrack) KeyframeRequests() int64 { return t.keyframeRequests.Load() }

// Publish announces a track, waits for TrackPublished and renegotiates the
// publisher connection. mime is e.g. webrtc.MimeTypeOpus or MimeTypeVP8.
func (c *Client) Publish(ctx context.Context, name, mime string, source livekit.TrackSource) (*LocalTrack, error) {
	cid := "TC_" + randHex(6)
	kind, typ := webrtc.RTPCodecTypeVideo, livekit.TrackType_VIDEO
	capab := webrtc.RTPCodecCapability{MimeType: mime, ClockRate: 90000}
	if strings.HasPrefix(strings.ToLower(mime), "audio/") {
		kind, typ = webrtc.RTPCodecTypeAudio, livekit.TrackType_AUDIO
		capab = webrtc.RTPCodecCapability{MimeType: mime, ClockRate: 48000, Channels: 2}
	}
	ch := make(chan *livekit.TrackInfo, 1)
	c.mu.Lock()
	c.pending[cid] = ch
	c.mu.Unlock()
	req := &livekit.AddTrackRequest{Cid: cid, Name: name, Type: typ, Source: source, DisableRed: true}
	if kind == webrtc.RTPCodecTypeVideo {
		req.Width, req.Height = 640, 480
		codec := strings.ToLower(strings.TrimPrefix(strings.ToLower(mime), "video/"))
		req.SimulcastCodecs = []*livekit.SimulcastCodec{{Codec: codec, Cid: cid}}
	}
	if err := c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_AddTrack{AddTrack: req}}); err != nil {
		return nil, fmt.Errorf("add track: %w", err)
	}
	var info *livekit.TrackInfo
	select {
	case info = <-ch:
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for track published: %w", ctx.Err())
	}
	tr, err := webrtc.NewTrackLocalStaticRTP(capab, cid, "stream_"+cid)
	if err != nil {
		return nil, fmt.Errorf("local track: %w", err)
	}
	sender, err := c.pub.pc.AddTrack(tr)
	if err != nil {
		return nil, fmt.Errorf("add track to peer connection: %w", err)
	}
	lt := &LocalTrack{Info: info, track: tr, sender: sender, layers: []*webrtc.TrackLocalStaticRTP{tr}}
	go func() {
		for {
			pkts, _, err := sender.ReadRTCP()
			if err != nil {
				return
			}
			for _, p := range pkts {
				switch p.(type) {
				case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
					lt.keyframeRequests.Add(1)
				}
				lt.countFeedback(p)
			}
		}
	}()
	if err := c.pub.negotiate(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.local = append(c.local, lt)
	c.mu.Unlock()
	return lt, nil
}

// RemoteTrack counts what arrives on one subscribed track.
type RemoteTrack struct {
	SID   string
	Codec string
	track *webrtc.TrackRemote
	pc    *webrtc.PeerConnection

	mu        sync.Mutex
	seen      [1024]int32 // seq+1 of the packet last stored in each slot
	dups      int         // packets whose sequence number was already received
	packets   int
	bytes     int
	lastSeq   uint16
	lastTS    uint32 // RTP timestamp of the newest packet
	srs       int    // sender reports received for this track's SSRC
	lastSR    rtcp.SenderReport
	gaps      int // seq numbers skipped going forward
	backwards int // seq older than the last one (reorder or jump back)
	payloads  [][]byte
}

// Stats is a snapshot of a RemoteTrack. Duplicates are retransmissions
// (or a misbehaving forwarder).
type Stats struct {
	Packets, Bytes, Gaps, Backwards, Duplicates int
	LastSeq                                     uint16
	// LastTimestamp is the RTP timestamp of the newest packet.
	LastTimestamp uint32
	// SenderReports counts the RTCP sender reports received for this
	// track's SSRC; LastSenderReport is the latest of them.
	SenderReports    int
	LastSenderReport rtcp.SenderReport
}

func (r *RemoteTrack) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Stats{Packets: r.packets, Bytes: r.bytes, Gaps: r.gaps, Backwards: r.backwards, Duplicates: r.dups, LastSeq: r.lastSeq,
		LastTimestamp: r.lastTS, SenderReports: r.srs, LastSenderReport: r.lastSR}
}

// NACK asks the sender to retransmit the given sequence numbers.
func (r *RemoteTrack) NACK(seqs ...uint16) error {
	return r.pc.WriteRTCP([]rtcp.Packet{&rtcp.TransportLayerNack{MediaSSRC: uint32(r.track.SSRC()), Nacks: rtcp.NackPairsFromSequenceNumbers(seqs)}})
}

// Payloads returns the first payloads received (up to 64), for checks.
func (r *RemoteTrack) Payloads() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]byte(nil), r.payloads...)
}

// RequestKeyframe sends a PLI for this track, as a decoder would.
func (r *RemoteTrack) RequestKeyframe() error {
	return r.pc.WriteRTCP([]rtcp.Packet{&rtcp.PictureLossIndication{MediaSSRC: uint32(r.track.SSRC())}})
}

func (c *Client) onTrack(tr *webrtc.TrackRemote, recv *webrtc.RTPReceiver, pc *webrtc.PeerConnection) {
	rt := &RemoteTrack{SID: tr.ID(), Codec: tr.Codec().MimeType, track: tr, pc: pc}
	c.mu.Lock()
	c.remote[rt.SID] = rt
	c.mu.Unlock()
	c.wake()
	go rt.readRTCP(recv)
	go func() {
		for {
			p, _, err := tr.ReadRTP()
			if err == nil && c.cfg.OnRTP != nil {
				c.cfg.OnRTP(rt, p, time.Now())
			}
			if err != nil {
				c.mu.Lock()
				if c.remote[rt.SID] == rt {
					delete(c.remote, rt.SID)
				}
				c.mu.Unlock()
				c.wake()
				return
			}
			rt.mu.Lock()
			slot := &rt.seen[p.SequenceNumber%1024]
			dup := *slot == int32(p.SequenceNumber)+1
			if dup {
				rt.dups++
			}
			*slot = int32(p.SequenceNumber) + 1
			if rt.packets > 0 && !dup {
				switch d := int16(p.SequenceNumber - rt.lastSeq); {
				case d > 1:
					rt.gaps += int(d - 1)
				case d <= 0:
					rt.backwards++
				}
			}
			if rt.packets == 0 || int16(p.SequenceNumber-rt.lastSeq) > 0 {
				rt.lastSeq, rt.lastTS = p.SequenceNumber, p.Timestamp
			}
			rt.packets++
			rt.bytes += len(p.Payload)
			if len(rt.payloads) < 64 {
				rt.payloads = append(rt.payloads, append([]byte(nil), p.Payload...))
			}
			rt.mu.Unlock()
		}
	}()
}

// readRTCP counts the sender reports for this track until the receiver
// stops.
func (r *RemoteTrack) readRTCP(recv *webrtc.RTPReceiver) {
	ssrc := uint32(r.track.SSRC())
	for {
		pkts, _, err := recv.ReadRTCP()
		if err != nil {
			return
		}
		for _, p := range pkts {
			if sr, ok := p.(*rtcp.SenderReport); ok && sr.SSRC == ssrc {
				r.mu.Lock()
				r.srs++
				r.lastSR = *sr
				r.mu.Unlock()
			}
		}
	}
}

// RemoteTracks lists subscribed tracks that received media.
func (c *Client) RemoteTracks() map[string]*RemoteTrack {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]*RemoteTrack, len(c.remote))
	for k, v := range c.remote {
		out[k] = v
	}
	return out
}

// WaitTrack waits until a track with sid is being received.
func (c *Client) WaitTrack(ctx context.Context, sid string) (*RemoteTrack, error) {
	for {
		c.mu.Lock()
		rt, ch := c.remote[sid], c.notify
		c.mu.Unlock()
		if rt != nil {
			return rt, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for track %s: %w", sid, ctx.Err())
		case <-ch:
		}
	}
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

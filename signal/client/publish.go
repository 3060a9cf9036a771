package client

import (
	"context"
	"fmt"
	"strings"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// Layer is one simulcast encoding of a video track. RID is "q", "h" or
// "f" (low, medium, high), as livekit-client names them.
type Layer struct {
	RID                    string
	Width, Height, Bitrate uint32
}

// TrackOptions describes a track to publish with PublishTrack.
type TrackOptions struct {
	Name   string
	Source livekit.TrackSource
	// Mime is e.g. webrtc.MimeTypeVP8, MimeTypeH264 or MimeTypeOpus;
	// Fmtp its SDP format parameters (H.264 profile and packetization).
	Mime, Fmtp string
	// Layers, for video: one entry without RID sends a single encoding;
	// several with RIDs send simulcast. The first must be the lowest.
	Layers []Layer
	// OnKeyframeRequest is called when the server asks a layer for a
	// keyframe (PLI or FIR), with the layer's index in Layers (0 for audio).
	OnKeyframeRequest func(layer int)
}

// PublishTrack announces a track (simulcast when several layers are
// given), waits for TrackPublished and renegotiates. Write to it with
// WriteLayerRTP.
func (c *Client) PublishTrack(ctx context.Context, o TrackOptions) (*LocalTrack, error) {
	cid := "TC_" + randHex(6)
	audio := strings.HasPrefix(strings.ToLower(o.Mime), "audio/")
	req := &livekit.AddTrackRequest{Cid: cid, Name: o.Name, Source: o.Source, DisableRed: true}
	capab := webrtc.RTPCodecCapability{MimeType: o.Mime, ClockRate: 90000, SDPFmtpLine: o.Fmtp}
	if audio {
		req.Type = livekit.TrackType_AUDIO
		capab.ClockRate, capab.Channels = 48000, 2
	} else {
		if len(o.Layers) == 0 {
			return nil, fmt.Errorf("publish %s: a video track needs at least one layer", o.Name)
		}
		req.Type = livekit.TrackType_VIDEO
		top := o.Layers[len(o.Layers)-1]
		req.Width, req.Height = top.Width, top.Height
		for _, l := range o.Layers {
			req.Layers = append(req.Layers, &livekit.VideoLayer{Quality: ridQuality(l.RID), Width: l.Width, Height: l.Height, Bitrate: l.Bitrate})
		}
		codec := strings.TrimPrefix(strings.ToLower(o.Mime), "video/")
		req.SimulcastCodecs = []*livekit.SimulcastCodec{{Codec: codec, Cid: cid}}
	}
	ch := make(chan *livekit.TrackInfo, 1)
	c.mu.Lock()
	c.pending[cid] = ch
	c.mu.Unlock()
	if err := c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_AddTrack{AddTrack: req}}); err != nil {
		return nil, fmt.Errorf("add track: %w", err)
	}
	var info *livekit.TrackInfo
	select {
	case info = <-ch:
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for track published: %w", ctx.Err())
	}

	rids := []string{""}
	if !audio && len(o.Layers) > 1 {
		rids = rids[:0]
		for _, l := range o.Layers {
			rids = append(rids, l.RID)
		}
	}
	lt := &LocalTrack{Info: info}
	for _, rid := range rids {
		var opts []func(*webrtc.TrackLocalStaticRTP)
		if rid != "" {
			opts = append(opts, webrtc.WithRTPStreamID(rid))
		}
		tr, err := webrtc.NewTrackLocalStaticRTP(capab, cid, "stream_"+cid, opts...)
		if err != nil {
			return nil, fmt.Errorf("local track: %w", err)
		}
		lt.layers = append(lt.layers, tr)
	}
	lt.track = lt.layers[0]
	sender, err := c.pub.pc.AddTrack(lt.layers[0])
	if err != nil {
		return nil, fmt.Errorf("add track to peer connection: %w", err)
	}
	for _, tr := range lt.layers[1:] {
		if err := sender.AddEncoding(tr); err != nil {
			return nil, fmt.Errorf("add simulcast encoding: %w", err)
		}
	}
	lt.sender = sender
	for i, rid := range rids {
		go lt.readRTCP(i, rid, o.OnKeyframeRequest)
	}
	if err := c.pub.negotiate(ctx); err != nil {
		return nil, err
	}
	if len(rids) > 1 {
		if err := lt.simulcastHeaders(c.pub.pc); err != nil {
			return nil, err
		}
	}
	c.mu.Lock()
	c.local = append(c.local, lt)
	c.mu.Unlock()
	return lt, nil
}

func ridQuality(rid string) livekit.VideoQuality {
	switch rid {
	case "q":
		return livekit.VideoQuality_LOW
	case "h":
		return livekit.VideoQuality_MEDIUM
	}
	return livekit.VideoQuality_HIGH
}

// simulcastHeaders finds the negotiated mid and the header extension ids
// a simulcast sender must stamp on every packet (pion does not add them).
func (t *LocalTrack) simulcastHeaders(pc *webrtc.PeerConnection) error {
	for _, tr := range pc.GetTransceivers() {
		if tr.Sender() == t.sender {
			t.mid = tr.Mid()
		}
	}
	for _, e := range t.sender.GetParameters().HeaderExtensions {
		switch e.URI {
		case sdp.SDESMidURI:
			t.midID = uint8(e.ID)
		case sdp.SDESRTPStreamIDURI:
			t.ridID = uint8(e.ID)
		}
	}
	if t.mid == "" || t.midID == 0 || t.ridID == 0 {
		return fmt.Errorf("simulcast: mid %q or header extensions (mid %d, rid %d) not negotiated", t.mid, t.midID, t.ridID)
	}
	return nil
}

func (t *LocalTrack) readRTCP(layer int, rid string, onKeyframe func(int)) {
	for {
		var (
			pkts []rtcp.Packet
			err  error
		)
		if rid == "" {
			pkts, _, err = t.sender.ReadRTCP()
		} else {
			pkts, _, err = t.sender.ReadSimulcastRTCP(rid)
		}
		if err != nil {
			return
		}
		for _, p := range pkts {
			switch p.(type) {
			case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
				t.keyframeRequests.Add(1)
				if onKeyframe != nil {
					onKeyframe(layer)
				}
			}
			t.countFeedback(p)
		}
	}
}

// Layers is the number of encodings (1 unless simulcast).
func (t *LocalTrack) Layers() int { return len(t.layers) }

// WriteLayerRTP sends one packet on encoding layer (SSRC and payload type
// are set by pion; simulcast packets get their mid and rid extensions).
func (t *LocalTrack) WriteLayerRTP(layer int, p *rtp.Packet) error {
	tr := t.layers[layer]
	if t.ridID != 0 {
		if err := p.Header.SetExtension(t.midID, []byte(t.mid)); err != nil {
			return err
		}
		if err := p.Header.SetExtension(t.ridID, []byte(tr.RID())); err != nil {
			return err
		}
	}
	return tr.WriteRTP(p)
}

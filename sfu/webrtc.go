package sfu

import (
	"fmt"
	"io"

	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/interceptor/pkg/nack"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// newAPI builds the pion API shared by all peer connections. Only the
// interceptors the forwarding path needs are registered: NACK generation
// toward publishers, RTCP reports and transport-wide feedback for the
// publisher's bandwidth estimate. NACK responses and keyframe requests are
// handled by our own code from the shared packet cache, so pion's NACK
// responder (which copies every packet per subscriber) is left out.
func newAPI(cfg WebRTCConfig) (*webrtc.API, io.Closer, error) {
	me := &webrtc.MediaEngine{}
	if err := registerCodecs(me); err != nil {
		return nil, nil, err
	}
	reg := &interceptor.Registry{}
	gen, err := nack.NewGeneratorInterceptor()
	if err != nil {
		return nil, nil, fmt.Errorf("nack generator: %w", err)
	}
	reg.Add(gen)
	if err := webrtc.ConfigureRTCPReports(reg); err != nil {
		return nil, nil, fmt.Errorf("rtcp reports: %w", err)
	}
	if err := webrtc.ConfigureTWCCSender(me, reg); err != nil {
		return nil, nil, fmt.Errorf("twcc: %w", err)
	}

	se := webrtc.SettingEngine{}
	se.SetIncludeLoopbackCandidate(cfg.IncludeLoopback)
	if len(cfg.NodeIPs) > 0 {
		se.SetNAT1To1IPs(cfg.NodeIPs, webrtc.ICECandidateTypeHost)
	}
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4, webrtc.NetworkTypeUDP6})
	var closer io.Closer = nopCloser{}
	switch {
	case cfg.UDPPort > 0:
		opts := []ice.UDPMuxFromPortOption{ice.UDPMuxFromPortWithNetworks(ice.NetworkTypeUDP4)}
		if cfg.IncludeLoopback {
			opts = append(opts, ice.UDPMuxFromPortWithLoopback())
		}
		mux, err := ice.NewMultiUDPMuxFromPort(cfg.UDPPort, opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("udp mux on port %d: %w", cfg.UDPPort, err)
		}
		se.SetICEUDPMux(mux)
		closer = mux
	case cfg.PortRangeStart > 0 && cfg.PortRangeEnd >= cfg.PortRangeStart:
		if err := se.SetEphemeralUDPPortRange(cfg.PortRangeStart, cfg.PortRangeEnd); err != nil {
			return nil, nil, fmt.Errorf("port range: %w", err)
		}
	}
	api := webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(se))
	return api, closer, nil
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

var videoFeedback = []webrtc.RTCPFeedback{
	{Type: "goog-remb"}, {Type: "ccm", Parameter: "fir"}, {Type: "nack"}, {Type: "nack", Parameter: "pli"},
}

// registerCodecs lists what we forward. RTX is deliberately absent: without
// it, retransmissions travel on the media SSRC and one cache serves them.
func registerCodecs(me *webrtc.MediaEngine) error {
	audio := []webrtc.RTPCodecParameters{
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2, SDPFmtpLine: "minptime=10;useinbandfec=1"}, PayloadType: 111},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: mimeRED, ClockRate: 48000, Channels: 2, SDPFmtpLine: "111/111"}, PayloadType: 63},
	}
	video := []webrtc.RTPCodecParameters{
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000, RTCPFeedback: videoFeedback}, PayloadType: 96},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000, SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f", RTCPFeedback: videoFeedback}, PayloadType: 125},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000, SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f", RTCPFeedback: videoFeedback}, PayloadType: 102},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000, SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f", RTCPFeedback: videoFeedback}, PayloadType: 123},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP9, ClockRate: 90000, SDPFmtpLine: "profile-id=0", RTCPFeedback: videoFeedback}, PayloadType: 98},
		{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeAV1, ClockRate: 90000, RTCPFeedback: videoFeedback}, PayloadType: 45},
	}
	for _, c := range audio {
		if err := me.RegisterCodec(c, webrtc.RTPCodecTypeAudio); err != nil {
			return fmt.Errorf("register %s: %w", c.MimeType, err)
		}
	}
	for _, c := range video {
		if err := me.RegisterCodec(c, webrtc.RTPCodecTypeVideo); err != nil {
			return fmt.Errorf("register %s: %w", c.MimeType, err)
		}
	}
	for _, uri := range []string{sdp.SDESMidURI, sdp.SDESRTPStreamIDURI, sdp.SDESRepairRTPStreamIDURI} {
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: uri}, webrtc.RTPCodecTypeVideo); err != nil {
			return fmt.Errorf("register extension %s: %w", uri, err)
		}
	}
	for _, uri := range []string{sdp.SDESMidURI, sdp.AudioLevelURI} { // audio level: speaker detection
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: uri}, webrtc.RTPCodecTypeAudio); err != nil {
			return fmt.Errorf("register audio extension %s: %w", uri, err)
		}
	}
	return nil
}

package conformance

import (
	"context"
	"fmt"
	"time"
)

// Page is one livekit-client participant in the Chromium client process.
type Page struct {
	Name string
	c    *NodeClient
}

// OpenPage opens a page for participant name; ownBrowser gives it a
// Chromium of its own (participants that re-acquire the fake camera at the
// same moment, as on a full reconnect, must not share one).
func OpenPage(ctx context.Context, c *NodeClient, name string, ownBrowser bool) (*Page, error) {
	if err := c.Call(ctx, "open", map[string]any{"name": name, "ownBrowser": ownBrowser}, nil); err != nil {
		return nil, err
	}
	return &Page{Name: name, c: c}, nil
}

// JoinOptions are livekit-client's room and publish options a scenario
// varies. The zero value publishes camera (1280×720 simulcast VP8) and
// microphone on /rtc/v1, adaptiveStream and dynacast off.
type JoinOptions struct {
	// V0 joins on the legacy /rtc path with two peer connections
	// (singlePeerConnection: false).
	V0             bool
	AdaptiveStream bool
	Dynacast       bool
	// NoVideo and NoAudio publish nothing of that kind.
	NoVideo bool
	NoAudio bool
	// Capture is the camera's resolution (default 1280×720).
	Capture *Size
	// NoSimulcast publishes a single encoding.
	NoSimulcast bool
	VideoCodec  string
	// ElementWidth/Height size the elements remote video is shown in
	// (adaptiveStream follows them; default 640×360).
	ElementWidth  int
	ElementHeight int
	// E2EEKey turns on end-to-end encryption with this shared key
	// (ExternalE2EEKeyProvider).
	E2EEKey         string
	NoAutoSubscribe bool
	ConnectOptions  map[string]any
}

// Size is a width and height in pixels.
type Size struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

func (o JoinOptions) args() map[string]any {
	m := map[string]any{
		"singlePC": !o.V0, "adaptiveStream": o.AdaptiveStream, "dynacast": o.Dynacast,
		"video": !o.NoVideo, "audio": !o.NoAudio, "simulcast": !o.NoSimulcast, "autoSubscribe": !o.NoAutoSubscribe,
	}
	if o.Capture != nil {
		m["capture"] = o.Capture
	}
	if o.VideoCodec != "" {
		m["videoCodec"] = o.VideoCodec
	}
	if o.ElementWidth > 0 {
		m["elementWidth"], m["elementHeight"] = o.ElementWidth, o.ElementHeight
	}
	if o.E2EEKey != "" {
		m["e2eeKey"] = o.E2EEKey
	}
	if o.ConnectOptions != nil {
		m["connectOptions"] = o.ConnectOptions
	}
	return m
}

// Joined is what join reports.
type Joined struct {
	SID           string   `json:"sid"`
	ConnectedMs   int      `json:"connectedMs"`
	ServerVersion string   `json:"serverVersion"`
	SignalPaths   []string `json:"signalPaths"`
	E2EE          bool     `json:"e2ee"`
}

// Join connects the page to srv's room as the page's name and publishes.
func (p *Page) Join(ctx context.Context, srv *Server, room string, o JoinOptions, grants ...Grant) (Joined, error) {
	tok, err := srv.Token(room, p.Name, grants...)
	if err != nil {
		return Joined{}, err
	}
	var j Joined
	err = p.c.Call(ctx, "join", map[string]any{"name": p.Name, "url": srv.WSURL(), "token": tok, "options": o.args()}, &j)
	return j, err
}

// Do runs any op of clients/browser.mjs for this page.
func (p *Page) Do(ctx context.Context, op string, args map[string]any, out any) error {
	if args == nil {
		args = map[string]any{}
	}
	args["name"] = p.Name
	return p.c.Call(ctx, op, args, out)
}

// Event is one thing livekit-client reported (participant.js ev()).
type Event struct {
	At       int64  `json:"at"`
	Type     string `json:"type"`
	Identity string `json:"identity"`
	Kind     string `json:"kind"`
	State    string `json:"state"`
	Reason   any    `json:"reason"`
	From     string `json:"from"`
	Size     int    `json:"size"`
	Sum      int    `json:"sum"`
	Text     string `json:"text"`
	Topic    string `json:"topic"`
	Name     string `json:"name"`
	Message  string `json:"message"`
	// DataKind of a data packet: 0 reliable, 1 lossy (livekit.DataPacket_Kind).
	DataKind int `json:"dataKind"`
	Ms       int `json:"ms"`
}

// Now is the page's clock (ms), to ask for events after a moment.
func (p *Page) Now(ctx context.Context) (int64, error) {
	var t int64
	err := p.Do(ctx, "now", nil, &t)
	return t, err
}

// Events lists the page's events after since (ms, page clock).
func (p *Page) Events(ctx context.Context, since int64) ([]Event, error) {
	var evs []Event
	err := p.Do(ctx, "events", map[string]any{"since": since}, &evs)
	return evs, err
}

// WaitEvent waits up to timeout for an event after since that match accepts.
func (p *Page) WaitEvent(ctx context.Context, timeout time.Duration, since int64, what string, match func(Event) bool) (Event, error) {
	var found Event
	err := Until(ctx, timeout, what, func(ctx context.Context) (bool, string, error) {
		evs, err := p.Events(ctx, since)
		if err != nil {
			return false, "", err
		}
		for _, e := range evs {
			if match(e) {
				found = e
				return true, "", nil
			}
		}
		last := evs
		if len(last) > 5 {
			last = last[len(last)-5:]
		}
		return false, fmt.Sprintf("last events %+v", last), nil
	})
	return found, err
}

// InboundTrack is what one received track delivers (RTCInboundRtpStreamStats).
type InboundTrack struct {
	Codec                        string  `json:"codec"`
	PacketsReceived              int     `json:"packetsReceived"`
	PacketsLost                  int     `json:"packetsLost"`
	BytesReceived                int64   `json:"bytesReceived"`
	JitterMs                     int     `json:"jitterMs"`
	JitterBufferMs               int     `json:"jitterBufferMs"`
	NackCount                    int     `json:"nackCount"`
	PliCount                     int     `json:"pliCount"`
	FirCount                     int     `json:"firCount"`
	RetransmittedPacketsReceived int     `json:"retransmittedPacketsReceived"`
	FramesDecoded                int     `json:"framesDecoded"`
	KeyFramesDecoded             int     `json:"keyFramesDecoded"`
	FramesDropped                int     `json:"framesDropped"`
	FrameWidth                   int     `json:"frameWidth"`
	FrameHeight                  int     `json:"frameHeight"`
	FramesPerSecond              float64 `json:"framesPerSecond"`
	FreezeCount                  int     `json:"freezeCount"`
	TotalFreezesMs               int     `json:"totalFreezesMs"`
	TotalSamplesReceived         int     `json:"totalSamplesReceived"`
	ConcealedSamples             int     `json:"concealedSamples"`
	Encrypted                    bool    `json:"encrypted"`
}

// Transport is the selected candidate pair.
type Transport struct {
	RTTMs int `json:"rttMs"`
	Local *struct {
		Type, Protocol, RelayProtocol string
	} `json:"local"`
	Remote *struct {
		Type, Protocol, Address string
		Port                    int
	} `json:"remote"`
}

// Inbound is every received track of a page, by "identity:kind".
type Inbound struct {
	Tracks    map[string]InboundTrack `json:"tracks"`
	Transport *Transport              `json:"transport"`
}

// Inbound reads the page's receivers' stats.
func (p *Page) Inbound(ctx context.Context) (Inbound, error) {
	var in Inbound
	err := p.Do(ctx, "inbound", nil, &in)
	return in, err
}

// RemoteCandidates lists the ICE candidates the server offered the page
// (candidate lines, from remote descriptions and trickle), usable or not.
func (p *Page) RemoteCandidates(ctx context.Context) ([]string, error) {
	var c []string
	err := p.Do(ctx, "remoteCandidates", nil, &c)
	return c, err
}

// OutboundLayer is one sent encoding (RTCOutboundRtpStreamStats).
type OutboundLayer struct {
	RID                      string  `json:"rid"`
	Active                   bool    `json:"active"`
	PacketsSent              int     `json:"packetsSent"`
	BytesSent                int64   `json:"bytesSent"`
	RetransmittedPacketsSent int     `json:"retransmittedPacketsSent"`
	NackCount                int     `json:"nackCount"`
	PliCount                 int     `json:"pliCount"`
	FramesEncoded            int     `json:"framesEncoded"`
	FrameWidth               int     `json:"frameWidth"`
	FrameHeight              int     `json:"frameHeight"`
	FramesPerSecond          float64 `json:"framesPerSecond"`
	TargetBitrate            float64 `json:"targetBitrate"`
	QualityLimitationReason  string  `json:"qualityLimitationReason"`
}

// Outbound is what a page's camera and microphone send.
type Outbound struct {
	Video     []OutboundLayer `json:"video"`
	Audio     *OutboundLayer  `json:"audio"`
	Transport *Transport      `json:"transport"`
	Remote    map[string]struct {
		RTTMs        int     `json:"rttMs"`
		FractionLost float64 `json:"fractionLost"`
		PacketsLost  int     `json:"packetsLost"`
	} `json:"remote"`
}

// Layer returns the encoding with rid ("q", "h", "f"; "" without
// simulcast).
func (o Outbound) Layer(rid string) (OutboundLayer, bool) {
	for _, l := range o.Video {
		if l.RID == rid {
			return l, true
		}
	}
	return OutboundLayer{}, false
}

// Outbound reads the page's senders' stats.
func (p *Page) Outbound(ctx context.Context) (Outbound, error) {
	var out Outbound
	err := p.Do(ctx, "outbound", nil, &out)
	return out, err
}

// WaitTrack polls the page's stats until the track from identity of kind
// satisfies ok, and returns it.
func (p *Page) WaitTrack(ctx context.Context, timeout time.Duration, from, kind string, ok func(InboundTrack) bool) (InboundTrack, error) {
	var got InboundTrack
	err := Until(ctx, timeout, fmt.Sprintf("%s receiving %s from %s", p.Name, kind, from), func(ctx context.Context) (bool, string, error) {
		in, err := p.Inbound(ctx)
		if err != nil {
			return false, "", err
		}
		t, found := in.Tracks[from+":"+kind]
		if !found {
			return false, "no such track yet", nil
		}
		got = t
		return ok(t), fmt.Sprintf("%+v", t), nil
	})
	return got, err
}

// Decoding waits until video from identity has decoded more than min
// frames beyond what it had decoded when called, and returns its stats.
func (p *Page) Decoding(ctx context.Context, timeout time.Duration, from string, min int) (InboundTrack, error) {
	start := -1
	return p.WaitTrack(ctx, timeout, from, "video", func(t InboundTrack) bool {
		if start < 0 {
			start = t.FramesDecoded
		}
		return t.FramesDecoded > start+min
	})
}

// Until calls check about every 250 ms until it reports done, returns an
// error, or timeout passes; the timeout error carries what check said last.
func Until(ctx context.Context, timeout time.Duration, what string, check func(context.Context) (done bool, state string, err error)) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	last := ""
	for {
		done, state, err := check(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("timeout after %s waiting for %s (last: %s)", timeout, what, last)
			}
			return err
		}
		if done {
			return nil
		}
		last = state
		select {
		case <-ctx.Done():
			return fmt.Errorf("timeout after %s waiting for %s (last: %s)", timeout, what, last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

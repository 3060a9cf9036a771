package mediabench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/livekit/protocol/auth"
)

// Scenario names, after the public SFU benchmarks.
const (
	Livestream = "livestream" // 1 video publisher (+ its audio), N subscribers
	AudioRoom  = "audio-room" // 10 audio publishers, N subscribers
	Meeting    = "meeting"    // N participants, each publishing video and subscribing to all
	Sweep      = "sweep"      // livestream with N raised until loss passes 1 % or CPU saturates
)

// Options configure one run of the load tester.
type Options struct {
	// URL of the server (http(s) or ws(s)); /rtc or /rtc/v1 is appended.
	URL string
	// APIKey and APISecret mint tokens locally; TokenURL instead fetches
	// one per participant (GET TokenURL?room=R&identity=I, answering JSON
	// {"token": "..."} or the bare token).
	APIKey, APISecret, TokenURL string
	Room                        string
	Scenario                    string

	VideoPublishers, AudioPublishers, Subscribers int
	Codec                                         string // vp8 or h264
	Simulcast                                     bool
	// Resolution is the top layer: 720p, 360p or 180p.
	Resolution string
	// JoinRate is joins per second.
	JoinRate float64
	// Duration of the measurement window (each step of a sweep).
	Duration time.Duration
	// JoinPath is "v0" (/rtc, two peer connections) or "v1" (/rtc/v1).
	JoinPath string
	// ServerPID, when non-zero, reads the server's CPU time and RSS from
	// /proc; otherwise from its /metrics when it serves one.
	ServerPID int
	// MetricsURL overrides <URL>/metrics; MetricsToken is its bearer token.
	MetricsURL, MetricsToken string
	// MaxSubscribers bounds a sweep.
	MaxSubscribers int
	// PlotPath is where a sweep writes its SVG plot.
	PlotPath string
	// ProbePackets per probe step; 0 skips the probe.
	ProbePackets int
	JSON         bool
}

// Defaults fills what a scenario implies and the user left zero.
func (o *Options) Defaults() {
	if o.Scenario == "" {
		o.Scenario = Livestream
	}
	if o.Room == "" {
		o.Room = "bench-" + o.Scenario
	}
	if o.Codec == "" {
		o.Codec = CodecVP8
	}
	if o.Resolution == "" {
		o.Resolution = "720p"
	}
	if o.JoinRate <= 0 {
		o.JoinRate = 10
	}
	if o.Duration <= 0 {
		o.Duration = 30 * time.Second
	}
	if o.JoinPath == "" {
		o.JoinPath = "v0"
	}
	switch o.Scenario {
	case Livestream, Sweep:
		if o.VideoPublishers == 0 && o.AudioPublishers == 0 {
			o.VideoPublishers, o.AudioPublishers = 1, 1
		}
	case AudioRoom:
		if o.AudioPublishers == 0 {
			o.AudioPublishers = 10
		}
	}
	if o.Subscribers == 0 && o.Scenario != Sweep {
		o.Subscribers = 10
		if o.Scenario == Meeting {
			o.Subscribers = 4
		}
	}
	if o.MaxSubscribers == 0 {
		o.MaxSubscribers = 400
	}
	if o.PlotPath == "" {
		o.PlotPath = "sweep.svg"
	}
}

// Validate reports every bad option, cheaply, before anything connects.
func (o *Options) Validate() error {
	var errs []error
	bad := func(flag, msg string) { errs = append(errs, fmt.Errorf("--%s: %s", flag, msg)) }
	if u, err := url.Parse(o.URL); err != nil || u.Host == "" || !strings.Contains("http https ws wss", u.Scheme) {
		bad("url", fmt.Sprintf("%q is not an http(s) or ws(s) URL", o.URL))
	}
	if o.TokenURL == "" && (o.APIKey == "" || o.APISecret == "") {
		bad("api-key", "give --api-key and --api-secret, or --token-url")
	}
	switch o.Scenario {
	case Livestream, AudioRoom, Meeting, Sweep:
	default:
		bad("scenario", fmt.Sprintf("%q is not one of livestream, audio-room, meeting, sweep", o.Scenario))
	}
	switch o.Codec {
	case CodecVP8, CodecH264:
	default:
		bad("codec", fmt.Sprintf("%q is not one of vp8, h264", o.Codec))
	}
	if _, ok := layerDims[o.Resolution]; !ok {
		bad("resolution", fmt.Sprintf("%q is not one of 720p, 360p, 180p", o.Resolution))
	}
	if o.JoinPath != "v0" && o.JoinPath != "v1" {
		bad("join-path", fmt.Sprintf("%q is not one of v0, v1", o.JoinPath))
	}
	if o.VideoPublishers < 0 || o.AudioPublishers < 0 || o.Subscribers < 0 {
		bad("subscribers", "counts must not be negative")
	}
	if o.Scenario == Meeting && o.Subscribers < 2 {
		bad("subscribers", "a meeting needs at least 2 participants")
	}
	if o.Duration < time.Second {
		bad("duration", "must be at least 1s")
	}
	return errors.Join(errs...)
}

// tokenFor mints or fetches a token that may join room as identity.
func (o *Options) tokenFor(ctx context.Context, room, identity string) (string, error) {
	if o.TokenURL == "" {
		t := true
		return auth.NewAccessToken(o.APIKey, o.APISecret).SetIdentity(identity).SetName(identity).
			SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room, CanPublish: &t, CanSubscribe: &t, CanPublishData: &t}).
			SetValidFor(2 * time.Hour).ToJWT()
	}
	u, err := url.Parse(o.TokenURL)
	if err != nil {
		return "", fmt.Errorf("token url: %w", err)
	}
	q := u.Query()
	q.Set("room", room)
	q.Set("identity", identity)
	u.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", fmt.Errorf("token url: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("fetch token: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", fmt.Errorf("fetch token: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("fetch token: %s: %s", resp.Status, strings.TrimSpace(string(body)))
	}
	var doc struct {
		Token string `json:"token"`
	}
	if json.Unmarshal(body, &doc) == nil && doc.Token != "" {
		return doc.Token, nil
	}
	if t := strings.TrimSpace(string(body)); t != "" && !strings.ContainsAny(t, " {") {
		return t, nil
	}
	return "", errors.New("fetch token: the answer holds neither {\"token\": ...} nor a bare token")
}

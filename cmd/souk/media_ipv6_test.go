package main

import (
	"context"
	"encoding/json"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"

	"souk/config"
	"souk/signal/client"
)

// hostIPv6 lists this host's IPv6 addresses other than loopback: the ones
// pion would gather if IPv6 were on.
func hostIPv6(t *testing.T) []string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() == nil && !n.IP.IsLoopback() {
			out = append(out, n.IP.String())
		}
	}
	return out
}

// candidateLog collects the server's ICE candidates toward one client:
// those in its answers and those it trickles.
type candidateLog struct {
	mu    sync.Mutex
	addrs []string // "udp 127.0.0.1", "tcp fd00::2"
}

func (l *candidateLog) add(line string) {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "a="))
	if len(f) < 6 || !strings.HasPrefix(f[0], "candidate:") {
		return
	}
	l.mu.Lock()
	l.addrs = append(l.addrs, strings.ToLower(f[2])+" "+f[4])
	l.mu.Unlock()
}

func (l *candidateLog) seen(m *livekit.SignalResponse) {
	switch msg := m.GetMessage().(type) {
	case *livekit.SignalResponse_Answer:
		for _, line := range strings.Split(msg.Answer.GetSdp(), "\n") {
			l.add(line)
		}
	case *livekit.SignalResponse_Offer:
		for _, line := range strings.Split(msg.Offer.GetSdp(), "\n") {
			l.add(line)
		}
	case *livekit.SignalResponse_Trickle:
		var init webrtc.ICECandidateInit
		if json.Unmarshal([]byte(msg.Trickle.GetCandidateInit()), &init) == nil {
			l.add(init.Candidate)
		}
	}
}

func (l *candidateLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.addrs...)
}

func (l *candidateLog) has(match func(proto string, ip netip.Addr) bool) bool {
	for _, c := range l.list() {
		proto, host, _ := strings.Cut(c, " ")
		if ip, err := netip.ParseAddr(host); err == nil && match(proto, ip) {
			return true
		}
	}
	return false
}

// joinAndCollect joins a room on the node, publishes a track and returns
// the server's candidates once it has offered both UDP and TCP ones.
func joinAndCollect(t *testing.T, n *inProcessNode) *candidateLog {
	t.Helper()
	tok, err := auth.NewAccessToken(n.key, n.secret).SetIdentity("alice").
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: "v6"}).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := client.Connect(ctx, client.Config{URL: n.url, Token: tok, IncludeLoopback: true, SinglePC: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	if _, err := c.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE); err != nil {
		t.Fatal(err)
	}
	cands := &candidateLog{}
	// Candidates of every network are gathered in one pass over the
	// host's addresses; once both transports showed up, the pass is done.
	_, _ = c.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		cands.seen(m)
		return cands.has(func(p string, _ netip.Addr) bool { return p == "udp" }) &&
			cands.has(func(p string, _ netip.Addr) bool { return p == "tcp" })
	})
	// Stragglers of the same pass arrive right behind.
	late, stop := context.WithTimeout(ctx, time.Second)
	defer stop()
	_, _ = c.WaitFor(late, func(m *livekit.SignalResponse) bool { cands.seen(m); return false })
	return cands
}

// With IPv4 node_ips (and media.ipv6 off, the default), no IPv6 candidate
// is offered over UDP or TCP, and pion has nothing to warn about; with
// media.ipv6 on, the host's IPv6 addresses are offered.
func TestNoIPv6CandidatesUnlessConfigured(t *testing.T) {
	if testing.Short() {
		t.Skip("joins a real peer connection")
	}
	v6 := hostIPv6(t)
	ports := func() []string {
		return []string{"SOUK_MEDIA_UDP_PORT=" + strconv.Itoa(freePort(t, "udp")), "SOUK_MEDIA_TCP_PORT=" + strconv.Itoa(freePort(t, "tcp"))}
	}
	t.Run("IPv4 node_ips", func(t *testing.T) {
		n := startInProcess(t, append(ports(), "SOUK_MEDIA_NODE_IPS=127.0.0.1")...)
		cands := joinAndCollect(t, n)
		if cands.has(func(_ string, ip netip.Addr) bool { return ip.Is6() && !ip.Is4In6() }) {
			t.Errorf("IPv6 candidates offered with IPv4 node_ips: %v", cands.list())
		}
		if w := n.logs.matching("no external IP is found"); len(w) > 0 {
			t.Errorf("pion warned about unmapped addresses:\n%s", strings.Join(w, "\n"))
		}
		if len(v6) == 0 {
			t.Logf("this host has no IPv6 address besides ::1, so the check above cannot fail here; TestWebRTCConfigFamilies covers the setting")
		}
		t.Logf("candidates: %v", cands.list())
	})
	t.Run("media.ipv6 on", func(t *testing.T) {
		if len(v6) == 0 {
			t.Skip("this host has no IPv6 address besides ::1")
		}
		n := startInProcess(t, append(ports(), "SOUK_MEDIA_IPV6=true")...)
		cands := joinAndCollect(t, n)
		if !cands.has(func(_ string, ip netip.Addr) bool { return ip.Is6() }) {
			t.Errorf("no IPv6 candidate offered with media.ipv6 on (host has %v): %v", v6, cands.list())
		}
		t.Logf("candidates: %v", cands.list())
	})
}

// The SFU gathers IPv6 only when media.ipv6 is on or node_ips lists an
// IPv6 address.
func TestWebRTCConfigFamilies(t *testing.T) {
	cases := []struct {
		name    string
		ipv6    bool
		nodeIPs []string
		want    bool
	}{
		{"default", false, nil, false},
		{"IPv4 node_ips", false, []string{"203.0.113.9"}, false},
		{"IPv6 node_ips", false, []string{"203.0.113.9", "2001:db8::9"}, true},
		{"media.ipv6", true, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.DefaultConfig()
			cfg.Media.IPv6 = tc.ipv6
			if got := webrtcConfig(cfg, tc.nodeIPs, nil).IPv6; got != tc.want {
				t.Errorf("IPv6 = %v, want %v", got, tc.want)
			}
		})
	}
}

package sfu

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// gather returns the candidates one server peer connection offers.
func gather(t *testing.T, cfg WebRTCConfig) []ice.Candidate {
	t.Helper()
	api, closer, err := newAPI(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	pc, err := api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	if _, err := pc.CreateDataChannel("probe", nil); err != nil {
		t.Fatal(err)
	}
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	done := webrtc.GatheringCompletePromise(pc)
	if err := pc.SetLocalDescription(offer); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("gathering did not complete")
	}
	var out []ice.Candidate
	for _, line := range strings.Split(pc.LocalDescription().SDP, "\n") {
		if !strings.HasPrefix(line, "a=candidate:") {
			continue
		}
		c, err := ice.UnmarshalCandidate(strings.TrimSpace(strings.TrimPrefix(line, "a=")))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func TestCandidates(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	cases := []struct {
		name  string
		cfg   WebRTCConfig
		check func(c ice.Candidate) string // "" when acceptable
		want  []string                     // protocols that must appear
	}{
		{"no loopback unless enabled", WebRTCConfig{}, func(c ice.Candidate) string {
			if strings.HasPrefix(c.Address(), "127.") || c.Address() == "::1" {
				return "loopback candidate"
			}
			return ""
		}, []string{"udp"}},
		{"ip filter and tcp", WebRTCConfig{IncludeLoopback: true, IPs: loopback, TCPPort: -1, TCPListenIP: "127.0.0.1"}, func(c ice.Candidate) string {
			if c.Address() != "127.0.0.1" {
				return "outside the ip filter"
			}
			return ""
		}, []string{"udp", "tcp"}},
		{"tcp only", WebRTCConfig{IncludeLoopback: true, IPs: loopback, DisableUDP: true, TCPPort: -1, TCPListenIP: "127.0.0.1"}, func(c ice.Candidate) string {
			if !c.NetworkType().IsTCP() || c.TCPType() != ice.TCPTypePassive {
				return "not a passive tcp candidate"
			}
			return ""
		}, []string{"tcp"}},
		{"interface filter", WebRTCConfig{IncludeLoopback: true, Interfaces: []string{"lo"}}, func(c ice.Candidate) string {
			if !strings.HasPrefix(c.Address(), "127.") && c.Address() != "::1" {
				return "not on the lo interface"
			}
			return ""
		}, []string{"udp"}},
		// Loopback candidates (development) keep their address with a
		// node IP set: its socket cannot reach anything else. The node IP
		// stands for the other addresses (TestNodeIPCandidates).
		{"nat 1:1 leaves loopback alone", WebRTCConfig{IncludeLoopback: true, IPs: loopback, NodeIPs: []string{"203.0.113.5"}}, func(c ice.Candidate) string {
			if c.Address() != "127.0.0.1" {
				return "loopback rewritten"
			}
			return ""
		}, []string{"udp"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[string]bool{}
			for _, c := range gather(t, tc.cfg) {
				proto := "udp"
				if c.NetworkType().IsTCP() {
					proto = "tcp"
				}
				seen[proto] = true
				if why := tc.check(c); why != "" {
					t.Errorf("%s: %s", c.String(), why)
				}
			}
			for _, p := range tc.want {
				if !seen[p] {
					t.Errorf("no %s candidate", p)
				}
			}
		})
	}
	if _, _, err := newAPI(WebRTCConfig{DisableUDP: true}); err == nil {
		t.Error("neither UDP nor TCP accepted")
	}
}

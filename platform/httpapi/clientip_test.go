package httpapi

import (
	"net/http"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	cases := []struct {
		remote, xff, want string
	}{
		{"203.0.113.9:5000", "", "203.0.113.9"},
		{"203.0.113.9:5000", "1.2.3.4", "203.0.113.9"}, // untrusted peer: header ignored
		{"10.0.0.2:5000", "198.51.100.7", "198.51.100.7"},
		{"10.0.0.2:5000", "6.6.6.6, 198.51.100.7, 10.0.0.3", "198.51.100.7"}, // spoofed left part ignored
		{"10.0.0.2:5000", "", "10.0.0.2"},
		{"10.0.0.2:5000", "garbage, 10.0.0.5", "10.0.0.2"},
	}
	for _, tc := range cases {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := clientIP(r, trusted); got != tc.want {
			t.Errorf("%s %q: %s, want %s", tc.remote, tc.xff, got, tc.want)
		}
	}
}

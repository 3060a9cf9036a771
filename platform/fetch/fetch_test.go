package fetch

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"souk/platform"
)

func TestBlocked(t *testing.T) {
	cases := map[string]bool{
		"127.0.0.1": true, "127.8.9.10": true, "::1": true, "10.0.0.1": true, "172.16.5.4": true, "192.168.1.1": true,
		"169.254.169.254": true, "169.254.0.1": true, "100.100.100.200": true, "0.0.0.0": true, "0.1.2.3": true,
		"::": true, "fe80::1": true, "fc00::1": true, "fd00:ec2::254": true, "::ffff:10.0.0.1": true, "::ffff:127.0.0.1": true,
		"224.0.0.1": true, "255.255.255.255": true, "64:ff9b::a00:1": true, "2002:a00:1::": true, "198.18.0.1": true,
		"8.8.8.8": false, "93.184.216.34": false, "2606:4700::1111": false, "1.1.1.1": false,
	}
	for ip, want := range cases {
		if got := Blocked(netip.MustParseAddr(ip), false); got != want {
			t.Errorf("%s: blocked=%v, want %v", ip, got, want)
		}
	}
	if Blocked(netip.MustParseAddr("127.0.0.1"), true) || !Blocked(netip.MustParseAddr("10.0.0.1"), true) {
		t.Error("AllowLoopback must allow loopback only")
	}
}

// A host name whose DNS answer is private is refused at dial time: the
// check sees the resolved address, not the name.
func TestNameResolvingToPrivateAddressIsRefused(t *testing.T) {
	f := New(Options{Timeout: 2 * time.Second})
	_, err := f.Fetch(context.Background(), "http://localhost:9/x.png")
	if err == nil || !strings.Contains(err.Error(), "local or private network") {
		t.Fatalf("localhost: %v", err)
	}
}

// The dial check also guards a loopback listener that counts connections:
// with loopback refused, it must never see one.
func TestRefusalHappensBeforeConnecting(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	defer ln.Close()
	f := New(Options{Timeout: 2 * time.Second})
	if _, err := f.Fetch(context.Background(), "http://"+ln.Addr().String()+"/x.png"); platform.ErrorCode(err) != platform.EINVALID {
		t.Fatalf("fetch: %v", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 0 {
		t.Fatalf("%d connections reached the listener", n)
	}
}

func TestTimeoutAndRedirectLimit(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow":
			time.Sleep(1500 * time.Millisecond)
		case "/loop":
			http.Redirect(w, r, srv.URL+"/loop", http.StatusFound)
		}
	}))
	defer srv.Close()
	f := New(Options{Timeout: 500 * time.Millisecond, AllowLoopback: true})
	if _, err := f.Fetch(context.Background(), srv.URL+"/slow"); err == nil || !strings.Contains(err.Error(), "in time") {
		t.Fatalf("slow: %v", err)
	}
	f = New(Options{Timeout: 2 * time.Second, AllowLoopback: true})
	if _, err := f.Fetch(context.Background(), srv.URL+"/loop"); err == nil || !strings.Contains(err.Error(), "redirects too many times") {
		t.Fatalf("loop: %v", err)
	}
}

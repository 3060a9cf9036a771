package turn

import (
	"context"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
	"time"
)

const uclient = "/usr/bin/turnutils_uclient"

// requireUclient skips without coturn's client, except under CI=true.
func requireUclient(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(uclient); err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s missing: install the Debian package coturn", uclient)
	}
	t.Skipf("%s missing (install coturn; set CI=true to make this a failure)", uclient)
}

// udpEcho answers every datagram on 127.0.0.1 with itself until the test ends.
func udpEcho(t *testing.T) (port int, received func() int) {
	t.Helper()
	pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pc.Close() })
	count := make(chan int, 1)
	count <- 0
	go func() {
		buf := make([]byte, 2048)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			c := <-count
			count <- c + 1
			_, _ = pc.WriteTo(buf[:n], from)
		}
	}()
	return pc.LocalAddr().(*net.UDPAddr).Port, func() int { c := <-count; count <- c; return c }
}

var (
	sentRe = regexp.MustCompile(`tot_send_msgs=(\d+)`)
	recvRe = regexp.MustCompile(`tot_recv_msgs=(\d+)`)
)

// runUclient relays through s, reached on its address host.
func runUclient(t *testing.T, s *Server, host, transport string, peerPort int) (sent, recv int, out string) {
	t.Helper()
	user, pass := s.Credentials("uclient")
	port := portOf(s.UDPAddr())
	args := []string{"-u", user, "-w", pass, "-e", "127.0.0.1", "-r", strconv.Itoa(peerPort), "-n", "20", "-l", "120", "-z", "5", "-c", "-X"}
	if transport == "tcp" {
		port = portOf(s.TCPAddr())
		args = append(args, "-t")
	}
	args = append(args, "-p", strconv.Itoa(port), host)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := exec.CommandContext(ctx, uclient, args...).CombinedOutput()
	out = string(b)
	if ctx.Err() != nil {
		t.Fatalf("uclient did not finish: %v\n%s", err, out)
	}
	if m := sentRe.FindAllStringSubmatch(out, -1); len(m) > 0 {
		sent, _ = strconv.Atoi(m[len(m)-1][1])
	}
	if m := recvRe.FindAllStringSubmatch(out, -1); len(m) > 0 {
		recv, _ = strconv.Atoi(m[len(m)-1][1])
	}
	return sent, recv, out
}

func portOf(a net.Addr) int {
	_, p, _ := net.SplitHostPort(a.String())
	n, _ := strconv.Atoi(p)
	return n
}

// coturn's client allocates and relays through our server with a minted
// credential over UDP and TCP, and is refused a relay to 127.0.0.1 when the
// relay is closed (the default).
func TestInteropUclient(t *testing.T) {
	requireUclient(t)
	open := startTURN(t, func(c *Config) { c.AllowPeers = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
	closed := startTURN(t)
	for _, transport := range []string{"udp", "tcp"} {
		t.Run(transport+" relays", func(t *testing.T) {
			peerPort, echoed := udpEcho(t)
			sent, recv, out := runUclient(t, open, "127.0.0.1", transport, peerPort)
			if sent == 0 || recv < sent/2 || echoed() == 0 {
				t.Fatalf("sent %d, received %d, peer saw %d\n%s", sent, recv, echoed(), out)
			}
			t.Logf("sent %d, received %d back through the relay", sent, recv)
		})
		t.Run(transport+" refused 127.0.0.1", func(t *testing.T) {
			peerPort, echoed := udpEcho(t)
			before := closed.Stats().PeerRefusals
			_, recv, out := runUclient(t, closed, "127.0.0.1", transport, peerPort)
			if recv != 0 || echoed() != 0 {
				t.Fatalf("relay to 127.0.0.1 carried traffic: received %d, peer saw %d\n%s", recv, echoed(), out)
			}
			if closed.Stats().PeerRefusals == before {
				t.Fatalf("no refusal counted\n%s", out)
			}
			if testing.Verbose() {
				t.Logf("uclient output:\n%s", out)
			}
		})
	}
}

// A server on 0.0.0.0 reached on a second local address answers coturn's
// client from that address over UDP, so the client allocates and relays.
func TestInteropUclientSecondAddress(t *testing.T) {
	requireUclient(t)
	s := wildcardTURN(t)
	server := secondAddress(t, s)
	for _, transport := range []string{"udp", "tcp"} {
		t.Run(transport, func(t *testing.T) {
			peerPort, echoed := udpEcho(t)
			sent, recv, out := runUclient(t, s, server.IP.String(), transport, peerPort)
			if sent == 0 || recv < sent/2 || echoed() == 0 {
				t.Fatalf("through %s: sent %d, received %d, peer saw %d\n%s", server.IP, sent, recv, echoed(), out)
			}
			t.Logf("through %s: sent %d, received %d back", server.IP, sent, recv)
		})
	}
}

package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pion/stun/v3"

	"souk/turn"
)

func freePort(t *testing.T, network string) int {
	t.Helper()
	if network == "udp" {
		pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer pc.Close()
		return pc.LocalAddr().(*net.UDPAddr).Port
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// doctorEnv is a configuration whose every port is free, on loopback.
func doctorEnv(t *testing.T) map[string]string {
	dir := t.TempDir()
	return map[string]string{
		"SOUK_DATA_DIR":                dir,
		"SOUK_SERVER_ADDR":             "127.0.0.1:" + strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_UDP_PORT":          "0",
		"SOUK_MEDIA_TCP_PORT":          "0",
		"SOUK_MEDIA_TURN_LISTEN_IP":    "127.0.0.1",
		"SOUK_MEDIA_TURN_RELAY_IP":     "127.0.0.1",
		"SOUK_MEDIA_TURN_UDP_PORT":     strconv.Itoa(freePort(t, "udp")),
		"SOUK_MEDIA_TURN_TCP_PORT":     strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_TLS_PORT":     strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_SECRET":       "doctor-test-secret",
		"SOUK_MEDIA_TURN_DOMAIN":       "turn.example.test",
		"SOUK_MEDIA_TURN_IDLE_TIMEOUT": "1m",
	}
}

func writeCert(t *testing.T, env map[string]string, notAfter time.Time, names ...string) {
	t.Helper()
	dir := t.TempDir()
	cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := turn.WriteSelfSignedCert(cert, key, notAfter, names...); err != nil {
		t.Fatal(err)
	}
	env["SOUK_MEDIA_TURN_CERT_FILE"], env["SOUK_MEDIA_TURN_KEY_FILE"] = cert, key
}

func runDoctor(t *testing.T, env map[string]string) (string, error) {
	t.Helper()
	var list []string
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"doctor"}, list, &stdout, &stderr)
	return stdout.String(), err
}

func TestDoctor(t *testing.T) {
	held, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	garbage := filepath.Join(t.TempDir(), "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		mutate func(env map[string]string)
		want   []string // lines that must appear
		fails  bool
	}{
		{"healthy", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "turn.example.test")
		}, []string{
			"OK    turn           udp on 127.0.0.1:", "OK    turn           tcp on 127.0.0.1:", "OK    turn           tls on 127.0.0.1:",
			"OK    certificate    names turn.example.test, valid until", "OK    port           server.addr",
		}, false},
		{"port in use", func(env map[string]string) {
			env["SOUK_SERVER_ADDR"] = held.Addr().String()
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "turn.example.test")
		}, []string{"FAIL  port           server.addr " + held.Addr().String() + "/tcp cannot be bound"}, true},
		{"turn port in use", func(env map[string]string) {
			env["SOUK_MEDIA_TURN_TCP_PORT"] = strconv.Itoa(held.Addr().(*net.TCPAddr).Port)
		}, []string{"FAIL  turn           cannot start"}, true},
		{"unreadable certificate", func(env map[string]string) {
			env["SOUK_MEDIA_TURN_CERT_FILE"], env["SOUK_MEDIA_TURN_KEY_FILE"] = garbage, garbage
		}, []string{"FAIL  certificate    turn: load certificate " + garbage}, true},
		{"expired certificate", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(-time.Minute), "turn.example.test")
		}, []string{"FAIL  certificate    expired on"}, true},
		{"certificate for another name", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "other.example.test")
		}, []string{"FAIL  certificate    names other.example.test do not cover media.turn.domain"}, true},
		{"redis down", func(env map[string]string) {
			env["SOUK_REDIS_URL"] = "redis://127.0.0.1:1/0"
		}, []string{"FAIL  redis"}, true},
		{"production without keys", func(env map[string]string) {
			env["SOUK_MODE"] = "production"
		}, []string{"FAIL  media keys"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := doctorEnv(t)
			tc.mutate(env)
			out, err := runDoctor(t, env)
			if (err != nil) != tc.fails {
				t.Errorf("doctor error %v, want failure=%v", err, tc.fails)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q", w)
				}
			}
			if !tc.fails && strings.Contains(out, "FAIL") {
				t.Errorf("unexpected FAIL")
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}

// runDoctorEnv runs `souk doctor` with a configuration given as a list.
func runDoctorEnv(t *testing.T, env []string) (string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"doctor"}, env, &stdout, &stderr)
	return stdout.String(), err
}

func envList(env map[string]string) []string {
	var list []string
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	return list
}

// runningEnv is a configuration for a node started from the built binary:
// every port picked free, TURN on the wildcard address (the default) over
// UDP, TCP and TLS, keys and secret configured.
func runningEnv(t *testing.T) map[string]string {
	env := doctorEnv(t)
	env["SOUK_MEDIA_KEYS"] = "doctor:" + strings.Repeat("k", 40)
	env["SOUK_MEDIA_UDP_PORT"] = strconv.Itoa(freePort(t, "udp"))
	env["SOUK_MEDIA_TCP_PORT"] = strconv.Itoa(freePort(t, "tcp"))
	env["SOUK_MEDIA_TURN_LISTEN_IP"] = "0.0.0.0"
	env["SOUK_MEDIA_TURN_ENABLED"] = "true"
	env["SOUK_MEDIA_TURN_ALLOW_PEERS"] = "127.0.0.0/8"
	writeCert(t, env, time.Now().Add(90*24*time.Hour), "turn.example.test")
	return env
}

func requireLines(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q", w)
		}
	}
}

// On a host where the node runs, its own ports are the node's, not
// failures: doctor recognises the running Souk (the process answering
// /healthz and accepting this configuration's media keys) as their
// holder, runs the TURN self-test against it over UDP, TCP and TLS, and
// checks that TURN/UDP answers each host address from that address.
func TestDoctorOnRunningNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSouk(t)
	env := runningEnv(t)
	node, _, _ := startSouk(t, bin, envList(env)...)
	pid := strconv.Itoa(node.Process.Pid)
	held := "is held by the running Souk (pid " + pid + ")"

	t.Run("this configuration", func(t *testing.T) {
		out, err := runDoctorEnv(t, envList(env))
		if err != nil {
			t.Errorf("doctor failed on a healthy running node: %v", err)
		}
		requireLines(t, out,
			"OK    port           server.addr "+env["SOUK_SERVER_ADDR"]+" is held by the running Souk (pid "+pid+"), which answers /healthz and accepts this configuration's media keys",
			"OK    port           media.udp_port :"+env["SOUK_MEDIA_UDP_PORT"]+"/udp "+held,
			"OK    port           media.tcp_port :"+env["SOUK_MEDIA_TCP_PORT"]+"/tcp "+held,
			"OK    port           media.turn.udp_port 0.0.0.0:"+env["SOUK_MEDIA_TURN_UDP_PORT"]+"/udp "+held,
			"OK    port           media.turn.tls_port 0.0.0.0:"+env["SOUK_MEDIA_TURN_TLS_PORT"]+"/tcp "+held,
			"OK    turn           udp on 127.0.0.1:"+env["SOUK_MEDIA_TURN_UDP_PORT"]+": the running Souk (pid "+pid+") allocated a relay with a credential minted from this configuration's secret",
			"OK    turn           tcp on 127.0.0.1:"+env["SOUK_MEDIA_TURN_TCP_PORT"]+": the running Souk",
			"OK    turn           tls on 127.0.0.1:"+env["SOUK_MEDIA_TURN_TLS_PORT"]+": the running Souk",
		)
		if len(localAddrs(false)) > 1 && !strings.Contains(out, "answers requests sent to 127.0.0.1, ") {
			t.Error("TURN/UDP reply sources were not checked on this multi-address host")
		}
		if strings.Contains(out, "FAIL") {
			t.Error("a FAIL line on a healthy running node")
		}
		t.Logf("output:\n%s", out)
	})
	cases := []struct {
		name   string
		mutate func(env map[string]string)
		want   string
	}{
		{"another TURN secret", func(env map[string]string) { env["SOUK_MEDIA_TURN_SECRET"] = "not-the-running-secret" },
			"FAIL  turn           udp on 127.0.0.1:" + env["SOUK_MEDIA_TURN_UDP_PORT"] + ": the running Souk (pid " + pid + ") refuses a credential minted from this configuration's media.turn.secret"},
		{"other media keys", func(env map[string]string) { env["SOUK_MEDIA_KEYS"] = "doctor:" + strings.Repeat("o", 40) },
			"FAIL  port           server.addr " + env["SOUK_SERVER_ADDR"] + " is held by the running Souk (pid " + pid + "), which refuses tokens signed with this configuration's media.keys"},
		{"a media port held by another program", func(env map[string]string) {
			pc, err := net.ListenPacket("udp", ":0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { pc.Close() })
			env["SOUK_MEDIA_UDP_PORT"] = strconv.Itoa(pc.LocalAddr().(*net.UDPAddr).Port)
		}, "/udp is held by process " + strconv.Itoa(os.Getpid()) + " ("},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mine := maps.Clone(env)
			tc.mutate(mine)
			out, err := runDoctorEnv(t, envList(mine))
			if err == nil {
				t.Error("doctor passed")
			}
			requireLines(t, out, tc.want)
			if strings.Contains(out, "not-the-running-secret") || strings.Contains(out, strings.Repeat("o", 40)) {
				t.Error("a secret was printed")
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}

// A TURN server on a wildcard socket that answers from whatever address
// the kernel picks is caught: a request sent to 127.0.0.2 from 127.0.0.1
// is answered from 127.0.0.1. The embedded server answers from 127.0.0.2.
func TestDoctorSeesWrongReplySource(t *testing.T) {
	if _, err := net.ListenPacket("udp4", "127.0.0.2:0"); err != nil {
		t.Skipf("127.0.0.2 is not local here: %v", err)
	}
	plain, err := net.ListenPacket("udp4", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := plain.ReadFrom(buf)
			if err != nil {
				return
			}
			req := &stun.Message{Raw: append([]byte(nil), buf[:n]...)}
			if req.Decode() != nil {
				continue
			}
			res := stun.MustBuild(stun.NewTransactionIDSetter(req.TransactionID), stun.BindingSuccess, stun.Fingerprint)
			_, _ = plain.WriteTo(res.Raw, from)
		}
	}()
	embedded, err := turn.New(context.Background(), turn.Config{ListenIP: "0.0.0.0", RelayIP: "127.0.0.1", UDPPort: -1, Secret: "s"},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer embedded.Close()
	from, to := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("127.0.0.2")
	for _, tc := range []struct {
		name string
		port int
		want netip.Addr
	}{
		{"plain wildcard socket", plain.LocalAddr().(*net.UDPAddr).Port, from},
		{"embedded TURN", portOfAddr(embedded.UDPAddr()), to},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := probeReplySource(context.Background(), from, netip.AddrPortFrom(to, uint16(tc.port)))
			if err != nil {
				t.Fatal(err)
			}
			if got.Addr() != tc.want {
				t.Errorf("answer from %s, want %s", got.Addr(), tc.want)
			}
		})
	}
	pairs := sourceProbePairs([]netip.Addr{from, netip.MustParseAddr("192.0.2.5"), netip.MustParseAddr("198.51.100.5")})
	want := "192.0.2.5>127.0.0.1 127.0.0.1>192.0.2.5 127.0.0.1>198.51.100.5"
	var got []string
	for _, p := range pairs {
		got = append(got, p.from.String()+">"+p.to.String())
	}
	if strings.Join(got, " ") != want {
		t.Errorf("probe pairs %v, want %s", got, want)
	}
}

// clusterDoctorEnv is node id's configuration in e, with every port
// fixed (so doctor and node agree) and the embedded TURN server on.
func clusterDoctorEnv(t *testing.T, e *clusterEnv, id, turnSecret string, extra ...string) []string {
	return e.env(id, append([]string{
		"SOUK_SERVER_ADDR=127.0.0.1:" + strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_UDP_PORT=" + strconv.Itoa(freePort(t, "udp")),
		"SOUK_MEDIA_TCP_PORT=" + strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_ENABLED=true",
		"SOUK_MEDIA_TURN_LISTEN_IP=127.0.0.1",
		"SOUK_MEDIA_TURN_UDP_PORT=" + strconv.Itoa(freePort(t, "udp")),
		"SOUK_MEDIA_TURN_TCP_PORT=" + strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_SECRET=" + turnSecret,
		"SOUK_DATA_DIR=" + t.TempDir(),
	}, extra...)...)
}

// waitFacts waits until process pid has published its facts as node id.
func waitFacts(t *testing.T, e *clusterEnv, id string, pid int) {
	t.Helper()
	waitUntil(t, 20*time.Second, "node "+id+" (pid "+strconv.Itoa(pid)+") publishes its facts", func() bool {
		live, err := liveFacts(context.Background(), e.rdb, e.prefix, id, time.Second)
		return err == nil && slices.ContainsFunc(live, func(f nodeFacts) bool { return f.PID == pid })
	})
}

// With redis.url set, doctor checks the deployment: Redis, the other
// nodes and whether they answer, this node's node_id, whether its
// advertised URL reaches it, and that every node shares the media keys
// and the TURN secret, compared by fingerprint and never printed.
func TestDoctorCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs several souk processes")
	}
	e := newClusterEnv(t, buildSouk(t), clusterRedisURL())
	const secret, otherSecret = "the-shared-turn-secret", "a-turn-secret-of-its-own"
	envA := clusterDoctorEnv(t, e, "a", secret)
	a, _, _ := startSouk(t, e.bin, envA...)
	b, _, _ := startSouk(t, e.bin, clusterDoctorEnv(t, e, "b", secret)...)
	e.waitNodes(t, "a", "b")
	waitFacts(t, e, "a", a.Process.Pid)
	waitFacts(t, e, "b", b.Process.Pid)
	noSecrets := func(t *testing.T, out string) {
		t.Helper()
		if strings.Contains(out, secret) || strings.Contains(out, otherSecret) || strings.Contains(out, clusterSecret) {
			t.Error("a secret was printed")
		}
	}

	t.Run("the running node a", func(t *testing.T) {
		out, err := runDoctorEnv(t, envA)
		if err != nil {
			t.Errorf("doctor failed: %v", err)
		}
		requireLines(t, out,
			"OK    redis          answers PING",
			"OK    cluster        the running Souk (pid "+strconv.Itoa(a.Process.Pid)+") is registered as node a",
			"OK    cluster        node b (platform,sfu,turn) answers at http://127.0.0.1:",
			"OK    cluster        node b (platform,sfu,turn) has the same media.keys",
			"OK    cluster        node b (platform,sfu,turn) signs TURN credentials with the same media.turn.secret",
			"answers /healthz from here",
		)
		if strings.Contains(out, "FAIL") {
			t.Error("a FAIL line")
		}
		noSecrets(t, out)
		t.Logf("output:\n%s", out)
	})
	t.Run("a second process taking node_id b", func(t *testing.T) {
		out, err := runDoctorEnv(t, clusterDoctorEnv(t, e, "b", secret))
		if err == nil {
			t.Error("doctor passed")
		}
		host, _ := os.Hostname()
		requireLines(t, out, "FAIL  cluster        node_id b is already live: process "+strconv.Itoa(b.Process.Pid)+" on host "+host+" announces it")
		if t.Failed() {
			t.Logf("output:\n%s", out)
		}
	})
	t.Run("an advertised URL that does not reach the node", func(t *testing.T) {
		out, err := runDoctorEnv(t, clusterDoctorEnv(t, e, "d", secret, "SOUK_CLUSTER_ADVERTISE_URL=http://127.0.0.1:1"))
		if err == nil {
			t.Error("doctor passed")
		}
		requireLines(t, out,
			"OK    cluster        node_id d is not live in the registry",
			"FAIL  cluster        cluster.advertise_url http://127.0.0.1:1 does not reach this host's server.addr")
		if t.Failed() {
			t.Logf("output:\n%s", out)
		}
	})
	t.Run("a node with another TURN secret and other keys", func(t *testing.T) {
		c, _, _ := startSouk(t, e.bin, clusterDoctorEnv(t, e, "c", otherSecret,
			"SOUK_MEDIA_KEYS="+clusterKey+":"+strings.Repeat("c", 48))...)
		e.waitNodes(t, "a", "b", "c")
		waitFacts(t, e, "c", c.Process.Pid)
		out, err := runDoctorEnv(t, envA)
		if err == nil {
			t.Error("doctor passed")
		}
		requireLines(t, out,
			"FAIL  cluster        node c (platform,sfu,turn) signs TURN credentials with another media.turn.secret",
			"FAIL  cluster        node c (platform,sfu,turn) has other media.keys",
			"OK    cluster        node b (platform,sfu,turn) signs TURN credentials with the same media.turn.secret")
		noSecrets(t, out)
		if t.Failed() {
			t.Logf("output:\n%s", out)
		}
		_ = c.Process.Kill()
		_, _ = c.Process.Wait()
		e.waitNodes(t, "a", "b")
	})
	t.Run("two processes announcing node b", func(t *testing.T) {
		second, _, _ := startSouk(t, e.bin, clusterDoctorEnv(t, e, "b", secret)...)
		waitFacts(t, e, "b", second.Process.Pid)
		out, err := runDoctorEnv(t, envA)
		if err == nil {
			t.Error("doctor passed")
		}
		requireLines(t, out, "FAIL  cluster        node b is announced by 2 processes at once (pid ")
		if t.Failed() {
			t.Logf("output:\n%s", out)
		}
	})
}

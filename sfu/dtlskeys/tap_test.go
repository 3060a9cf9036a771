package dtlskeys

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/pion/dtls/v3"
	"github.com/pion/dtls/v3/pkg/crypto/selfsign"
	"github.com/pion/srtp/v3"
)

// runHandshake runs a real DTLS handshake over loopback UDP with the taps on
// each side, and returns the server's own view of the SRTP keys (pion's
// exporter on the connection) for comparison.
func runHandshake(t *testing.T, suite dtls.CipherSuiteID, profile dtls.SRTPProtectionProfile, ems dtls.ExtendedMasterSecretType, serverTap, clientTap *Tap) srtp.SessionKeys {
	t.Helper()
	a, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	cert, err := selfsign.GenerateSelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	srvCfg := &dtls.Config{
		Certificates: []tls.Certificate{cert}, CipherSuites: []dtls.CipherSuiteID{suite},
		SRTPProtectionProfiles: []dtls.SRTPProtectionProfile{profile}, ExtendedMasterSecret: ems,
		ServerHelloMessageHook: serverTap.ServerHello, KeyLogWriter: serverTap,
	}
	cliCfg := &dtls.Config{
		Certificates: []tls.Certificate{cert}, CipherSuites: []dtls.CipherSuiteID{suite},
		SRTPProtectionProfiles: []dtls.SRTPProtectionProfile{profile}, ExtendedMasterSecret: ems,
		InsecureSkipVerify: true, KeyLogWriter: clientTap,
	}
	srv, err := dtls.Server(a, b.LocalAddr(), srvCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cli, err := dtls.Client(b, a.LocalAddr(), cliCfg)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	errs := make(chan error, 1)
	go func() { errs <- cli.HandshakeContext(ctx) }()
	if err := srv.HandshakeContext(ctx); err != nil {
		t.Fatalf("server handshake: %v", err)
	}
	if err := <-errs; err != nil {
		t.Fatalf("client handshake: %v", err)
	}
	state, ok := srv.ConnectionState()
	if !ok {
		t.Fatal("no connection state")
	}
	p, ok := srtpProfile(profile)
	if !ok {
		t.Fatalf("profile %v", profile)
	}
	cfg := srtp.Config{Profile: p}
	if err := cfg.ExtractSessionKeysFromDTLS(&state, false); err != nil {
		t.Fatal(err)
	}
	return cfg.Keys
}

func TestTapMatchesTheConnectionsExporter(t *testing.T) {
	cases := []struct {
		name    string
		suite   dtls.CipherSuiteID
		profile dtls.SRTPProtectionProfile
		ems     dtls.ExtendedMasterSecretType
	}{
		{"aes128gcm suite, gcm128 srtp", dtls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, dtls.SRTP_AEAD_AES_128_GCM, dtls.RequestExtendedMasterSecret},
		{"aes256gcm suite (sha384 prf), gcm256 srtp", dtls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, dtls.SRTP_AEAD_AES_256_GCM, dtls.RequestExtendedMasterSecret},
		{"cbc suite, cm-hmac srtp", dtls.TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA, dtls.SRTP_AES128_CM_HMAC_SHA1_80, dtls.RequestExtendedMasterSecret},
		{"chacha suite, no extended master secret", dtls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, dtls.SRTP_AEAD_AES_128_GCM, dtls.DisableExtendedMasterSecret},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			server, client := &Tap{}, &Tap{}
			want := runHandshake(t, tc.suite, tc.profile, tc.ems, server, client)
			got, err := server.Keys()
			if err != nil {
				t.Fatal(err)
			}
			wantProfile, _ := srtpProfile(tc.profile)
			if got.Profile != wantProfile {
				t.Errorf("profile %v, want %v", got.Profile, wantProfile)
			}
			for _, kv := range []struct {
				name      string
				got, want []byte
			}{
				{"local key", got.LocalKey, want.LocalMasterKey},
				{"local salt", got.LocalSalt, want.LocalMasterSalt},
				{"remote key", got.RemoteKey, want.RemoteMasterKey},
				{"remote salt", got.RemoteSalt, want.RemoteMasterSalt},
			} {
				if len(kv.want) == 0 || !bytes.Equal(kv.got, kv.want) {
					t.Errorf("%s: %x, want %x", kv.name, kv.got, kv.want)
				}
			}
			// The client side saw no ServerHello of its own.
			if _, err := client.Keys(); !errors.Is(err, ErrNotServer) {
				t.Errorf("client tap: %v, want ErrNotServer", err)
			}
		})
	}
}

func TestTapBeforeTheHandshakeEnds(t *testing.T) {
	var tap Tap
	if _, err := tap.Keys(); !errors.Is(err, ErrNotServer) {
		t.Fatalf("empty tap: %v", err)
	}
	// A ServerHello without the master secret yet, and key log lines it
	// must ignore.
	id := uint16(dtls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256)
	tap.server, tap.suite, tap.profile, tap.serverRandom = true, id, dtls.SRTP_AEAD_AES_128_GCM, make([]byte, 32)
	for _, line := range []string{"", "CLIENT_RANDOM zz 00\n", "SERVER_TRAFFIC_SECRET_0 00 00\n", "CLIENT_RANDOM 00\n"} {
		if n, err := tap.Write([]byte(line)); n != len(line) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", line, n, err)
		}
	}
	if _, err := tap.Keys(); !errors.Is(err, ErrIncomplete) {
		t.Fatalf("without a master secret: %v, want ErrIncomplete", err)
	}
	tap.profile = dtls.SRTP_NULL_HMAC_SHA1_80
	if _, err := tap.Keys(); !errors.Is(err, ErrIncomplete) {
		t.Fatalf("null cipher profile: %v, want ErrIncomplete", err)
	}
}

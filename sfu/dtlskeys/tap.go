package dtlskeys

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"sync"

	"github.com/pion/dtls/v3"
	"github.com/pion/dtls/v3/pkg/crypto/prf"
	"github.com/pion/dtls/v3/pkg/protocol/extension"
	"github.com/pion/dtls/v3/pkg/protocol/handshake"
	"github.com/pion/srtp/v3"
)

// ErrNotServer: no ServerHello of ours was seen, so either the handshake
// has not happened yet or we were its client.
var ErrNotServer = errors.New("dtlskeys: no server hello sent on this connection")

// ErrIncomplete: the handshake has not produced a master secret yet, or
// what it negotiated is something this package does not know.
var ErrIncomplete = errors.New("dtlskeys: keying material incomplete")

// Keys is one direction pair of SRTP master keys, as RFC 5764 assigns
// them to the DTLS server (us).
type Keys struct {
	Profile srtp.ProtectionProfile
	// Local protects what we send, Remote what the peer sends.
	LocalKey, LocalSalt   []byte
	RemoteKey, RemoteSalt []byte
}

// Tap collects one handshake's keying material. Hand ServerHello to
// pion's SettingEngine.SetDTLSServerHelloMessageHook and the Tap itself
// to SetDTLSKeyLogWriter. Safe for concurrent use.
type Tap struct {
	mu           sync.Mutex
	serverRandom []byte
	clientRandom []byte
	master       []byte
	suite        uint16
	profile      dtls.SRTPProtectionProfile
	server       bool
}

// ServerHello records what we are about to send and sends it unchanged.
func (t *Tap) ServerHello(m handshake.MessageServerHello) handshake.Message {
	random := m.Random.MarshalFixed()
	t.mu.Lock()
	t.server = true
	t.serverRandom = random[:]
	if m.CipherSuiteID != nil {
		t.suite = *m.CipherSuiteID
	}
	for _, e := range m.Extensions {
		if u, ok := e.(*extension.UseSRTP); ok && len(u.ProtectionProfiles) == 1 {
			t.profile = u.ProtectionProfiles[0]
		}
	}
	t.mu.Unlock()
	return &m
}

// Write takes the key log's lines: "CLIENT_RANDOM <hex> <hex>\n". It
// never fails, so the handshake never logs an error for it; a line it
// does not understand is ignored.
func (t *Tap) Write(p []byte) (int, error) {
	fields := bytes.Fields(p)
	if len(fields) != 3 || string(fields[0]) != "CLIENT_RANDOM" {
		return len(p), nil
	}
	clientRandom, err1 := hex.DecodeString(string(fields[1]))
	master, err2 := hex.DecodeString(string(fields[2]))
	if err1 != nil || err2 != nil {
		return len(p), nil
	}
	t.mu.Lock()
	t.clientRandom, t.master = clientRandom, master
	t.mu.Unlock()
	return len(p), nil
}

// Keys derives the SRTP master keys once the handshake is done.
func (t *Tap) Keys() (Keys, error) {
	t.mu.Lock()
	server, suite, dprofile := t.server, t.suite, t.profile
	clientRandom, serverRandom, master := t.clientRandom, t.serverRandom, t.master
	t.mu.Unlock()
	if !server {
		return Keys{}, ErrNotServer
	}
	profile, ok := srtpProfile(dprofile)
	if !ok {
		return Keys{}, fmt.Errorf("%w: SRTP profile %#04x", ErrIncomplete, uint16(dprofile))
	}
	prfHash, ok := prfHashFor(dtls.CipherSuiteID(suite))
	if !ok {
		return Keys{}, fmt.Errorf("%w: cipher suite %#04x", ErrIncomplete, suite)
	}
	if len(master) == 0 || len(clientRandom) != handshake.RandomLength || len(serverRandom) != handshake.RandomLength {
		return Keys{}, fmt.Errorf("%w: no master secret yet", ErrIncomplete)
	}
	keyLen, err := profile.KeyLen()
	if err != nil {
		return Keys{}, fmt.Errorf("key length: %w", err)
	}
	saltLen, err := profile.SaltLen()
	if err != nil {
		return Keys{}, fmt.Errorf("salt length: %w", err)
	}
	// RFC 5705 exporter with the RFC 5764 label and no context.
	seed := make([]byte, 0, len(exporterLabel)+2*handshake.RandomLength)
	seed = append(append(append(seed, exporterLabel...), clientRandom...), serverRandom...)
	material, err := prf.PHash(master, seed, 2*(keyLen+saltLen), prfHash)
	if err != nil {
		return Keys{}, fmt.Errorf("exporter: %w", err)
	}
	// client key, server key, client salt, server salt (RFC 5764 4.2).
	clientKey, serverKey := material[:keyLen], material[keyLen:2*keyLen]
	clientSalt, serverSalt := material[2*keyLen:2*keyLen+saltLen], material[2*keyLen+saltLen:]
	return Keys{
		Profile:  profile,
		LocalKey: serverKey, LocalSalt: serverSalt,
		RemoteKey: clientKey, RemoteSalt: clientSalt,
	}, nil
}

const exporterLabel = "EXTRACTOR-dtls_srtp"

// srtpProfile maps the negotiated DTLS-SRTP profile to pion/srtp's.
func srtpProfile(p dtls.SRTPProtectionProfile) (srtp.ProtectionProfile, bool) {
	switch p {
	case dtls.SRTP_AEAD_AES_128_GCM:
		return srtp.ProtectionProfileAeadAes128Gcm, true
	case dtls.SRTP_AEAD_AES_256_GCM:
		return srtp.ProtectionProfileAeadAes256Gcm, true
	case dtls.SRTP_AES128_CM_HMAC_SHA1_80:
		return srtp.ProtectionProfileAes128CmHmacSha1_80, true
	}
	return 0, false
}

// prfHashFor is the TLS 1.2 PRF hash of the suites pion negotiates with
// a certificate: SHA-384 for the AES-256-GCM ones, SHA-256 for the rest
// (RFC 5246 5, RFC 5289 3.2).
func prfHashFor(id dtls.CipherSuiteID) (func() hash.Hash, bool) {
	switch id {
	case dtls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, dtls.TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384:
		return sha512.New384, true
	case dtls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, dtls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
		dtls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, dtls.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
		dtls.TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA, dtls.TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA:
		return sha256.New, true
	}
	return nil, false
}

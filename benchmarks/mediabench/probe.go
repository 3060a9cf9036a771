package mediabench

import (
	"crypto/rand"
	"fmt"
	"net"
	"runtime"
	"time"

	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
	"golang.org/x/net/ipv4"
	"golang.org/x/sys/unix"
)

// Probe is this machine's raw cost of what a forwarder must do per packet,
// measured in the same run: CPU time of the sending thread per 1200-byte
// packet. It is the floor the server's cost per forwarded packet is
// compared with.
type Probe struct {
	Packets int `json:"packets_per_step"`
	// Microseconds of CPU per packet.
	UDPSendUs     float64 `json:"udp_send_us"`      // WriteTo on an unconnected socket
	SendmmsgUs    float64 `json:"sendmmsg_32_us"`   // WriteBatch (sendmmsg), 32 per call
	SRTPAESCMUs   float64 `json:"srtp_aes_cm_us"`   // AES-128-CM-HMAC-SHA1-80 encrypt
	SRTPAESGCMUs  float64 `json:"srtp_aes_gcm_us"`  // AEAD-AES-128-GCM encrypt
	PlainCMUs     float64 `json:"plain_send_cm_us"` // UDP send + AES-CM: a straightforward forwarder
	FloorUs       float64 `json:"floor_us"`         // sendmmsg + AES-GCM: the cheapest syscall path
	MachineThread string  `json:"measured_on"`
}

const probePacketSize = 1200

// RunProbe measures each step over n packets on one locked OS thread.
func RunProbe(n int) (*Probe, error) {
	if n <= 0 {
		return nil, fmt.Errorf("probe: packet count must be positive")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	sink, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return nil, fmt.Errorf("probe: %w", err)
	}
	defer sink.Close()
	src, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return nil, fmt.Errorf("probe: %w", err)
	}
	defer src.Close()
	dst := sink.LocalAddr().(*net.UDPAddr)
	pkt := make([]byte, probePacketSize)
	_, _ = rand.Read(pkt)

	p := &Probe{Packets: n, MachineThread: fmt.Sprintf("%s/%s, GOMAXPROCS %d", runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))}
	if p.UDPSendUs, err = perPacket(n, func() error { _, err := src.WriteToUDP(pkt, dst); return err }); err != nil {
		return nil, fmt.Errorf("probe udp send: %w", err)
	}
	pc := ipv4.NewPacketConn(src)
	const batch = 32
	msgs := make([]ipv4.Message, batch)
	for i := range msgs {
		msgs[i] = ipv4.Message{Buffers: [][]byte{pkt}, Addr: dst}
	}
	sent := 0
	if p.SendmmsgUs, err = perBatch(n, batch, func() error {
		k, err := pc.WriteBatch(msgs, 0)
		sent += k
		return err
	}); err != nil {
		return nil, fmt.Errorf("probe sendmmsg: %w", err)
	}
	for _, prof := range []struct {
		profile srtp.ProtectionProfile
		out     *float64
	}{{srtp.ProtectionProfileAes128CmHmacSha1_80, &p.SRTPAESCMUs}, {srtp.ProtectionProfileAeadAes128Gcm, &p.SRTPAESGCMUs}} {
		us, err := srtpCost(n, prof.profile)
		if err != nil {
			return nil, err
		}
		*prof.out = us
	}
	p.PlainCMUs = p.UDPSendUs + p.SRTPAESCMUs
	p.FloorUs = p.SendmmsgUs + p.SRTPAESGCMUs
	return p, nil
}

func srtpCost(n int, profile srtp.ProtectionProfile) (float64, error) {
	kl, err := profile.KeyLen()
	if err != nil {
		return 0, err
	}
	sl, err := profile.SaltLen()
	if err != nil {
		return 0, err
	}
	key, salt := make([]byte, kl), make([]byte, sl)
	_, _ = rand.Read(key)
	_, _ = rand.Read(salt)
	ctx, err := srtp.CreateContext(key, salt, profile)
	if err != nil {
		return 0, fmt.Errorf("probe srtp: %w", err)
	}
	payload := make([]byte, probePacketSize-12)
	hdr := rtp.Header{Version: 2, PayloadType: 96, SSRC: 0x1234}
	plain := make([]byte, 0, probePacketSize)
	out := make([]byte, 0, probePacketSize+32)
	return perPacket(n, func() error {
		hdr.SequenceNumber++
		hdr.Timestamp += 3000
		b, err := hdr.MarshalTo(plain[:12])
		if err != nil {
			return err
		}
		plain = append(plain[:b], payload...)
		out, err = ctx.EncryptRTP(out[:0], plain, &hdr)
		return err
	})
}

// perPacket returns thread CPU µs per call of f over n calls.
func perPacket(n int, f func() error) (float64, error) { return perBatch(n, 1, f) }

// perBatch calls f n/batch times; each call handles batch packets.
func perBatch(n, batch int, f func() error) (float64, error) {
	calls := max(n/batch, 1)
	start := threadCPU()
	for range calls {
		if err := f(); err != nil {
			return 0, err
		}
	}
	used := threadCPU() - start
	return float64(used) / float64(time.Microsecond) / float64(calls*batch), nil
}

// threadCPU is the calling OS thread's CPU time. The thread CPU clock is
// exact; getrusage's figures for a running thread can lag by a scheduler
// tick (10 ms at HZ=100), longer than a whole probe step takes.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

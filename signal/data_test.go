package signal_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/sfu"
	"souk/signal"
)

func userPacket(text string, dest ...string) *livekit.DataPacket {
	return &livekit.DataPacket{
		// A spoofed sender must be overwritten by the server.
		ParticipantIdentity:   "mallory",
		DestinationIdentities: dest,
		Value:                 &livekit.DataPacket_User{User: &livekit.UserPacket{Payload: []byte(text), ParticipantIdentity: "mallory"}},
	}
}

func hasText(text string) func(*livekit.DataPacket) bool {
	return func(d *livekit.DataPacket) bool { return string(d.GetUser().GetPayload()) == text }
}

func TestDataRouting(t *testing.T) {
	ts := startServer(t)
	alice := connect(t, ts, "data", "alice")
	bob := connect(t, ts, "data", "bob")
	carol := connect(t, ts, "data", "carol")
	mute := connect(t, ts, "data", "mute", noData)
	ctx := waitCtx(t)

	// Directed: only bob receives, stamped with alice's identity.
	if err := alice.SendData(ctx, userPacket("to-bob", "bob"), true); err != nil {
		t.Fatal(err)
	}
	got, err := bob.WaitData(ctx, hasText("to-bob"))
	if err != nil {
		t.Fatal(err)
	}
	if got.GetParticipantIdentity() != "alice" || got.GetParticipantSid() != alice.SID() ||
		got.GetUser().GetParticipantIdentity() != "alice" || got.GetKind() != livekit.DataPacket_RELIABLE {
		t.Errorf("sender not stamped: %+v", got)
	}

	// Broadcast on the lossy channel: everyone else, never the sender.
	if err := alice.SendData(ctx, userPacket("to-all"), false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*struct {
		name string
		wait func(context.Context, func(*livekit.DataPacket) bool) (*livekit.DataPacket, error)
	}{{"bob", bob.WaitData}, {"carol", carol.WaitData}, {"mute", mute.WaitData}} {
		d, err := c.wait(ctx, hasText("to-all"))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.GetKind() != livekit.DataPacket_LOSSY {
			t.Errorf("%s: kind %v, want LOSSY", c.name, d.GetKind())
		}
	}

	// A participant without canPublishData is not forwarded.
	if err := mute.SendData(ctx, userPacket("from-mute"), true); err != nil {
		t.Fatal(err)
	}
	// Garbage on the data channel is dropped without harm.
	if err := bob.SendRawData(ctx, livekit.DataPacket_RELIABLE, []byte{0xff, 0xff, 0xff}); err != nil {
		t.Fatal(err)
	}
	// A marker sent afterwards on the same ordered channel proves the
	// earlier packets had their chance to arrive.
	if err := bob.SendData(ctx, userPacket("marker", "alice", "carol"), true); err != nil {
		t.Fatal(err)
	}
	for _, c := range []interface {
		WaitData(context.Context, func(*livekit.DataPacket) bool) (*livekit.DataPacket, error)
	}{alice, carol} {
		if _, err := c.WaitData(ctx, hasText("marker")); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond)
	for name, data := range map[string][]*livekit.DataPacket{"alice": alice.Data(), "bob": bob.Data(), "carol": carol.Data()} {
		for _, d := range data {
			text := string(d.GetUser().GetPayload())
			switch {
			case text == "from-mute":
				t.Errorf("%s received a packet from a sender without canPublishData", name)
			case text == "to-bob" && name != "bob":
				t.Errorf("%s received a packet addressed to bob", name)
			case name == "alice" && (text == "to-all" || text == "to-bob"):
				t.Errorf("alice got her own packet echoed")
			}
		}
	}
}

func TestDataPacketOverLimitDropped(t *testing.T) {
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { c.MaxDataPacketBytes = 1000 })
	alice := connect(t, ts, "big", "alice")
	bob := connect(t, ts, "big", "bob")
	ctx := waitCtx(t)
	big := userPacket(strings.Repeat("x", 2000))
	if err := alice.SendData(ctx, big, true); err != nil {
		t.Fatal(err)
	}
	if err := alice.SendData(ctx, userPacket("small"), true); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.WaitData(ctx, hasText("small")); err != nil {
		t.Fatal(err)
	}
	for _, d := range bob.Data() {
		if len(d.GetUser().GetPayload()) > 1000 {
			t.Fatal("packet over the size limit was forwarded")
		}
	}
}

package conformance

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/signal/client"
)

func goClientScenarios() []Scenario {
	return []Scenario{{
		Name: "go-client/subscribe-and-data",
		Doc: "The project's Go client (signal/client) on `/rtc/v1` and on `/rtc` subscribes to a livekit-client " +
			"publisher in Chromium: it must receive VP8 video and Opus audio without gaps or duplicates on loopback, " +
			"and exchange reliable data packets with the browser.",
		Clients: []ClientKind{Chromium, GoClient},
		Run:     goClientRun,
	}}
}

func goClientRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice")
	if err != nil {
		return err
	}
	alice := ps[0]
	room := e.Room("go")
	if _, err := alice.Join(ctx, srv, room, JoinOptions{Capture: &Size{Width: 640, Height: 360}}); !e.Check("join", err) {
		return nil
	}
	for _, path := range []struct {
		name     string
		singlePC bool
	}{{"v1", true}, {"v0", false}} {
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		gc, err := e.Go(cctx, srv, "gopher-"+path.name, room, client.Config{SinglePC: path.singlePC})
		cancel()
		if !e.Check("go_join_"+path.name, err) {
			continue
		}
		for _, kind := range []string{"video", "audio"} {
			st, codec, err := goReceive(ctx, gc, kind, 6*time.Second)
			if err == nil {
				want := map[string]string{"video": "video/vp8", "audio": "audio/opus"}[kind]
				switch {
				case !strings.EqualFold(codec, want):
					err = fmt.Errorf("codec %s, want %s", codec, want)
				// Flowing is what counts here (the rate depends on the layer
				// and the publisher's encoder): 5 video packets/s, and 25
				// of the 50 Opus packets/s.
				case st.Packets < map[string]int{"video": 30, "audio": 150}[kind]:
					err = fmt.Errorf("only %d %s packets in 6 s", st.Packets, kind)
				case st.Gaps > st.Packets/50 || st.Duplicates > st.Packets/50:
					err = fmt.Errorf("%d gaps and %d duplicates in %d packets on loopback", st.Gaps, st.Duplicates, st.Packets)
				}
			}
			if e.Check(fmt.Sprintf("go_%s_%s", path.name, kind), err) {
				e.Figure(fmt.Sprintf("Go %s %s", path.name, kind), "%d pkt/6 s, %d gaps, %d dup", st.Packets, st.Gaps, st.Duplicates)
			}
		}
		// Data both ways.
		since, err := alice.Now(ctx)
		if err != nil {
			return err
		}
		dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		// On /rtc the server opens data channels towards the client too;
		// on /rtc/v1 the client's own channels carry both directions.
		if !path.singlePC {
			err = gc.WaitDataReady(dctx)
		}
		if err == nil {
			err = gc.SendData(dctx, &livekit.DataPacket{Value: &livekit.DataPacket_User{User: &livekit.UserPacket{
				Payload: []byte("from go " + path.name), Topic: ptr("go")}}}, true)
		}
		cancel()
		if err == nil {
			_, err = alice.WaitEvent(ctx, 10*time.Second, since, "data from the Go client", func(ev Event) bool {
				return ev.Type == "data" && ev.Topic == "go" && ev.Text == "from go "+path.name && ev.From == "gopher-"+path.name
			})
		}
		e.Check("go_data_to_browser_"+path.name, err)
		if err := alice.Do(ctx, "publishData", map[string]any{"text": "to go " + path.name, "reliable": true, "topic": "tg"}, nil); err != nil {
			return err
		}
		dctx, cancel = context.WithTimeout(ctx, 10*time.Second)
		_, err = gc.WaitData(dctx, func(dp *livekit.DataPacket) bool {
			return string(dp.GetUser().GetPayload()) == "to go "+path.name && dp.GetUser().GetTopic() == "tg"
		})
		cancel()
		e.Check("browser_data_to_go_"+path.name, err)
		gc.Leave()
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// goReceive waits for a subscribed track of kind and counts what arrives
// on it over d.
func goReceive(ctx context.Context, gc *client.Client, kind string, d time.Duration) (client.Stats, string, error) {
	var rt *client.RemoteTrack
	err := Until(ctx, 20*time.Second, "Go client receiving "+kind, func(context.Context) (bool, string, error) {
		for _, t := range gc.RemoteTracks() {
			if strings.HasPrefix(strings.ToLower(t.Codec), kind+"/") && t.Stats().Packets > 0 {
				rt = t
				return true, "", nil
			}
		}
		return false, fmt.Sprintf("%d tracks", len(gc.RemoteTracks())), nil
	})
	if err != nil {
		return client.Stats{}, "", err
	}
	before := rt.Stats()
	pause(ctx, d)
	after := rt.Stats()
	return client.Stats{Packets: after.Packets - before.Packets, Gaps: after.Gaps - before.Gaps,
		Duplicates: after.Duplicates - before.Duplicates}, rt.Codec, nil
}

package conformance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

func dataScenarios() []Scenario {
	return []Scenario{{
		Name: "data/rpc-streams-packets",
		Doc: "Four livekit-client participants without media: RPC (`performRpc`/`registerRpcMethod`, an error " +
			"with code and data, an unknown method, a 16 KB request and a 20 KB response that must either arrive " +
			"or fail with 1402/1504 as the peer's advertised clientProtocol says), text and byte streams (`sendText`, " +
			"`sendFile`), reliable packets in order, lossy packets, a packet for one destination only, and a participant " +
			"without the data grant whose packets must not arrive.",
		Fast: true, Clients: []ClientKind{Chromium},
		Run: dataRun,
	}}
}

// rpcResult is what participant.js rpc() returns.
type rpcResult struct {
	OK      bool   `json:"ok"`
	Ms      int    `json:"ms"`
	Size    int    `json:"size"`
	Result  string `json:"result"`
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

func rpc(ctx context.Context, p *Page, to, method, payload string) (rpcResult, error) {
	var r rpcResult
	err := p.Do(ctx, "rpc", map[string]any{"to": to, "method": method, "payload": payload}, &r)
	return r, err
}

// publication reads what p knows of from's track of kind.
type publication struct {
	SID            string `json:"sid"`
	Encrypted      bool   `json:"encrypted"`
	Encryption     *int   `json:"encryption"`
	ClientProtocol int    `json:"clientProtocol"`
}

// peerProtocol is the clientProtocol p sees for remote identity.
func peerProtocol(ctx context.Context, p *Page, identity string) (int, error) {
	var st struct {
		Remotes []struct {
			Identity       string `json:"identity"`
			ClientProtocol int    `json:"clientProtocol"`
		} `json:"remotes"`
	}
	if err := p.Do(ctx, "state", nil, &st); err != nil {
		return 0, err
	}
	for _, r := range st.Remotes {
		if r.Identity == identity {
			return r.ClientProtocol, nil
		}
	}
	return 0, fmt.Errorf("%s does not see %s", p.Name, identity)
}

func dataRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice", "bob", "carol", "dave")
	if err != nil {
		return err
	}
	alice, bob, carol, dave := ps[0], ps[1], ps[2], ps[3]
	room := e.Room("data")
	none := JoinOptions{NoVideo: true, NoAudio: true}
	for _, p := range ps[:3] {
		if _, err := p.Join(ctx, srv, room, none); err != nil {
			e.Check("join", err)
			return nil
		}
	}
	if _, err := dave.Join(ctx, srv, room, none, NoData()); err != nil {
		e.Check("join", err)
		return nil
	}
	e.Check("join", nil)
	// Everyone sees everyone before anything is sent.
	err = Until(ctx, 15*time.Second, "alice sees bob, carol and dave", func(ctx context.Context) (bool, string, error) {
		for _, id := range []string{"bob", "carol", "dave"} {
			if _, err := peerProtocol(ctx, alice, id); err != nil {
				return false, err.Error(), nil
			}
		}
		return true, "", nil
	})
	if err != nil {
		return err
	}

	r, err := rpc(ctx, alice, "bob", "greet", "hi")
	if err == nil && (!r.OK || r.Result != "hello hi from bob caller alice") {
		err = fmt.Errorf("got %+v", r)
	}
	if e.Check("rpc", err) {
		e.Figure("RPC round trip", "%d ms", r.Ms)
	}
	r, err = rpc(ctx, alice, "bob", "fail", "")
	if err == nil && (r.OK || r.Code != 4001 || r.Message != "nope" || r.Data != "extra") {
		err = fmt.Errorf("want error 4001 nope extra, got %+v", r)
	}
	e.Check("rpc_error", err)
	r, err = rpc(ctx, alice, "bob", "no-such-method", "")
	if err == nil && (r.OK || r.Code != 1400) {
		err = fmt.Errorf("want UNSUPPORTED_METHOD 1400, got %+v", r)
	}
	e.Check("rpc_unknown_method", err)

	// Payloads over the v1 limit (15 KiB) travel as data streams when the
	// peer advertises clientProtocol ≥ 1, else the caller refuses them.
	bobProto, err := peerProtocol(ctx, alice, "bob")
	if err != nil {
		return err
	}
	aliceProto, err := peerProtocol(ctx, bob, "alice")
	if err != nil {
		return err
	}
	e.Figure("clientProtocol advertised", "%d", bobProto)
	r, err = rpc(ctx, alice, "bob", "echo", strings.Repeat("y", 16000))
	if err == nil {
		switch {
		case bobProto >= 1 && !(r.OK && r.Size == 16000):
			err = fmt.Errorf("peer advertises clientProtocol %d, so a 16 KB request must arrive; got %+v", bobProto, r)
		case bobProto < 1 && (r.OK || r.Code != 1402):
			err = fmt.Errorf("peer advertises clientProtocol %d, so a 16 KB request must fail with 1402; got %+v", bobProto, r)
		}
	}
	if e.Check("rpc_large_request", err) {
		e.Figure("16 KB RPC request", "%s", rpcOutcome(r))
	}
	r, err = rpc(ctx, alice, "bob", "big", "20000")
	if err == nil {
		switch {
		case aliceProto >= 1 && !(r.OK && r.Size == 20000):
			err = fmt.Errorf("caller advertises clientProtocol %d, so a 20 KB response must arrive; got %+v", aliceProto, r)
		case aliceProto < 1 && (r.OK || r.Code != 1504):
			err = fmt.Errorf("caller advertises clientProtocol %d, so a 20 KB response must fail with 1504; got %+v", aliceProto, r)
		}
	}
	if e.Check("rpc_large_response", err) {
		e.Figure("20 KB RPC response", "%s", rpcOutcome(r))
	}

	since, err := bob.Now(ctx)
	if err != nil {
		return err
	}
	if err := alice.Do(ctx, "sendText", map[string]any{"text": "hello stream"}, nil); err != nil {
		return err
	}
	_, err = bob.WaitEvent(ctx, 10*time.Second, since, "text stream", func(ev Event) bool {
		return ev.Type == "text" && ev.From == "alice" && ev.Text == "hello stream"
	})
	e.Check("text_stream", err)
	started := time.Now()
	if err := alice.Do(ctx, "sendText", map[string]any{"text": strings.Repeat("z", 100000)}, nil); err != nil {
		return err
	}
	_, err = bob.WaitEvent(ctx, 20*time.Second, since, "100 KB text stream", func(ev Event) bool {
		return ev.Type == "text" && ev.From == "alice" && ev.Size == 100000
	})
	if e.Check("text_stream_100k", err) {
		e.Figure("100 KB text stream", "%d ms", time.Since(started).Milliseconds())
	}
	for _, n := range []int{40000, 1000000} {
		var sent struct{ Sum int }
		started := time.Now()
		if err := alice.Do(ctx, "sendFile", map[string]any{"size": n, "fileName": fmt.Sprintf("f%d.bin", n)}, &sent); err != nil {
			return err
		}
		ev, err := bob.WaitEvent(ctx, 30*time.Second, since, "byte stream", func(ev Event) bool {
			return ev.Type == "bytes" && ev.From == "alice" && ev.Name == fmt.Sprintf("f%d.bin", n)
		})
		if err == nil && (ev.Size != n || ev.Sum != sent.Sum) {
			err = fmt.Errorf("received %d bytes (sum %d), sent %d (sum %d)", ev.Size, ev.Sum, n, sent.Sum)
		}
		if e.Check(fmt.Sprintf("byte_stream_%dk", n/1000), err) {
			e.Figure(fmt.Sprintf("%d kB file", n/1000), "%d ms", time.Since(started).Milliseconds())
		}
	}

	// 20 reliable packets arrive, in order; lossy ones arrive on loopback.
	const count = 20
	for i := range count {
		if err := alice.Do(ctx, "publishData", map[string]any{"text": fmt.Sprintf("r-%d", i), "reliable": true, "topic": "seq"}, nil); err != nil {
			return err
		}
		if err := alice.Do(ctx, "publishData", map[string]any{"text": fmt.Sprintf("l-%d", i), "reliable": false, "topic": "lossy"}, nil); err != nil {
			return err
		}
	}
	var got, lossy []string
	err = Until(ctx, 10*time.Second, "20 reliable packets", func(ctx context.Context) (bool, string, error) {
		evs, err := bob.Events(ctx, since)
		if err != nil {
			return false, "", err
		}
		got, lossy = got[:0], lossy[:0]
		for _, ev := range evs {
			if ev.Type == "data" && ev.From == "alice" && ev.Topic == "seq" {
				got = append(got, ev.Text)
			}
			if ev.Type == "data" && ev.From == "alice" && ev.Topic == "lossy" {
				lossy = append(lossy, ev.Text)
			}
		}
		return len(got) >= count, fmt.Sprintf("%d received", len(got)), nil
	})
	if err == nil {
		for i, s := range got {
			if s != fmt.Sprintf("r-%d", i) {
				err = fmt.Errorf("packet %d is %q: out of order or duplicated (%v)", i, s, got)
				break
			}
		}
	}
	e.Check("data_reliable_in_order", err)
	e.Figure("lossy packets received", "%d/%d", len(lossy), count)
	if len(lossy) < count*9/10 {
		err = fmt.Errorf("only %d of %d lossy packets arrived on loopback", len(lossy), count)
	} else {
		err = nil
	}
	e.Check("data_lossy", err)

	// A packet for carol only; and one from dave, who may not send data.
	since, err = bob.Now(ctx)
	if err != nil {
		return err
	}
	if err := alice.Do(ctx, "publishData", map[string]any{"text": "for carol", "reliable": true, "topic": "dm", "to": []string{"carol"}}, nil); err != nil {
		return err
	}
	daveErr := dave.Do(ctx, "publishData", map[string]any{"text": "from dave", "reliable": true, "topic": "forbidden"}, nil)
	_, err = carol.WaitEvent(ctx, 10*time.Second, since, "carol's packet", func(ev Event) bool {
		return ev.Type == "data" && ev.Topic == "dm" && ev.Text == "for carol"
	})
	if err == nil {
		// Give a misrouted packet time to arrive at bob too.
		pause(ctx, 2*time.Second)
		evs, err2 := bob.Events(ctx, since)
		if err2 != nil {
			return err2
		}
		for _, ev := range evs {
			if ev.Type == "data" && ev.Topic == "dm" {
				err = errors.New("bob received the packet addressed to carol only")
			}
		}
	}
	e.Check("data_destination", err)
	err = nil
	for _, p := range []*Page{alice, bob, carol} {
		evs, err2 := p.Events(ctx, since)
		if err2 != nil {
			return err2
		}
		for _, ev := range evs {
			if ev.Type == "data" && ev.Topic == "forbidden" {
				err = fmt.Errorf("%s received a packet from dave, who has no data grant", p.Name)
			}
		}
	}
	e.Check("data_grant_enforced", err)
	if daveErr != nil {
		e.Figure("data without grant", "refused by the client: %s", firstLine(daveErr.Error()))
	} else {
		e.Figure("data without grant", "sent by the client, dropped")
	}
	return nil
}

func rpcOutcome(r rpcResult) string {
	if r.OK {
		return fmt.Sprintf("delivered, %d ms", r.Ms)
	}
	return fmt.Sprintf("error %d", r.Code)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

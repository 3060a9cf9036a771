package roomservice_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/encoding/protojson"

	"souk/roomservice"
	"souk/roomservice/webhook"
	"souk/sfu"
	"souk/signal"
	"souk/signal/client"
)

const (
	testKey    = "opskey"
	testSecret = "ops-secret-ops-secret-ops-secret-42"
)

func testLogger() *slog.Logger {
	if os.Getenv("SFU_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// hookRecord is one webhook request as the endpoint received it.
type hookRecord struct {
	Authorization string `json:"authorization"`
	ContentType   string `json:"contentType"`
	Body          string `json:"body"`
}

// harness is Souk's media stack (SFU, signalling, RoomService, webhooks
// to an endpoint of its own) on 127.0.0.1:0, plus a control API through
// which a script joins real participants (signal/client) and reads what
// they received.
type harness struct {
	t     *testing.T
	URL   string
	mgr   *sfu.Manager
	hooks *webhook.Notifier

	mu       sync.Mutex
	clients  map[string]*client.Client
	received []hookRecord
}

func startHarness(t *testing.T) *harness {
	t.Helper()
	log := testLogger()
	h := &harness{t: t, clients: map[string]*client.Client{}}
	mux := http.NewServeMux()
	hs := httptest.NewUnstartedServer(mux)
	h.URL = "http://" + hs.Listener.Addr().String()
	hooks, err := webhook.New(webhook.Config{URLs: []string{h.URL + "/hooks"}, APIKey: testKey, APISecret: testSecret,
		Backoff: 50 * time.Millisecond}, log)
	if err != nil {
		t.Fatal(err)
	}
	h.hooks = hooks
	ctx := context.Background()
	mgr, err := sfu.NewManager(ctx, sfu.Config{
		WebRTC: sfu.WebRTCConfig{IncludeLoopback: true}, EmptyTimeout: time.Second,
		OnEvent: func(e sfu.Event) {
			hooks.Notify(&livekit.WebhookEvent{Event: e.Name, Room: e.Room, Participant: e.Participant, Track: e.Track})
		},
	}, log)
	if err != nil {
		t.Fatal(err)
	}
	h.mgr = mgr
	keys := map[string]string{testKey: testSecret}
	sig := signal.NewServer(ctx, signal.Config{}, signal.StaticKeys(keys), signal.FromManager(mgr), log)
	mux.Handle("/rtc", sig)
	mux.Handle("/rtc/", sig)
	mux.Handle(roomservice.PathPrefix, roomservice.New(roomservice.Config{}, mgr, roomservice.StaticKeys(keys), log))
	mux.HandleFunc("POST /hooks", h.recordHook)
	mux.HandleFunc("GET /ctl/hooks", h.listHooks)
	mux.HandleFunc("POST /ctl/join", h.join)
	mux.HandleFunc("POST /ctl/leave", h.leave)
	mux.HandleFunc("GET /ctl/seen", h.seen)
	hs.Start()
	t.Cleanup(func() {
		h.mu.Lock()
		cs := h.clients
		h.clients = map[string]*client.Client{}
		h.mu.Unlock()
		for _, c := range cs {
			c.Close()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = sig.Close(ctx)
		_ = mgr.Close(ctx)
		_ = hooks.Close(ctx)
		hs.Close()
	})
	return h
}

func (h *harness) recordHook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	h.received = append(h.received, hookRecord{Authorization: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"), Body: string(body)})
	h.mu.Unlock()
}

func (h *harness) listHooks(w http.ResponseWriter, _ *http.Request) {
	h.mu.Lock()
	out := append([]hookRecord(nil), h.received...)
	h.mu.Unlock()
	writeJSON(w, out)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func mediaToken(room, identity string) (string, error) {
	return auth.NewAccessToken(testKey, testSecret).SetIdentity(identity).SetName(identity).
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room}).SetValidFor(time.Hour).ToJWT()
}

type joinRequest struct {
	Room            string `json:"room"`
	Identity        string `json:"identity"`
	Publish         bool   `json:"publish"`
	NoAutoSubscribe bool   `json:"noAutoSubscribe"`
}

// join connects a participant; with publish it sends Opus until the SFU
// has media for the track, and answers the track's sid.
func (h *harness) join(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	tok, err := mediaToken(req.Room, req.Identity)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	c, err := client.Connect(ctx, client.Config{URL: h.URL, Token: tok, IncludeLoopback: true, NoAutoSubscribe: req.NoAutoSubscribe})
	if err != nil {
		http.Error(w, "connect: "+err.Error(), http.StatusBadGateway)
		return
	}
	h.mu.Lock()
	h.clients[req.Identity] = c
	h.mu.Unlock()
	if err := c.WaitDataReady(ctx); err != nil {
		http.Error(w, "data channels: "+err.Error(), http.StatusBadGateway)
		return
	}
	out := map[string]string{"sid": c.SID()}
	if req.Publish {
		tr, err := c.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
		if err != nil {
			http.Error(w, "publish: "+err.Error(), http.StatusBadGateway)
			return
		}
		pumpCtx, stop := context.WithCancel(context.Background())
		h.t.Cleanup(stop)
		go pumpOpus(pumpCtx, tr)
		if err := h.waitMedia(ctx, req.Room, req.Identity); err != nil {
			http.Error(w, err.Error(), http.StatusGatewayTimeout)
			return
		}
		out["trackSid"] = tr.Info.GetSid()
	}
	writeJSON(w, out)
}

// waitMedia waits until the participant's first track carries media (the
// SFU then knows its mid).
func (h *harness) waitMedia(ctx context.Context, room, identity string) error {
	for {
		p, err := h.mgr.GetParticipant(room, identity)
		if err == nil && len(p.GetTracks()) > 0 && p.GetTracks()[0].GetMid() != "" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func pumpOpus(ctx context.Context, tr *client.LocalTrack) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	var seq uint16
	var ts uint32
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		seq++
		ts += 960
		if err := tr.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq, Timestamp: ts}, Payload: []byte{0xfc, 0xff, 0xfe}}); err != nil {
			return
		}
	}
}

func (h *harness) leave(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	c := h.clients[req.Identity]
	delete(h.clients, req.Identity)
	h.mu.Unlock()
	if c == nil {
		http.Error(w, "no such client", http.StatusNotFound)
		return
	}
	c.Leave()
	w.WriteHeader(http.StatusNoContent)
}

// seenBody summarises what one client received from the server.
type seenBody struct {
	Leave        string                     `json:"leave"`
	Mutes        []json.RawMessage          `json:"mutes"`
	Unpublished  []string                   `json:"unpublished"` // TrackUnpublished sids
	RoomMetadata []string                   `json:"roomMetadata"`
	Participants map[string]json.RawMessage `json:"participants"` // latest snapshot by identity
	Data         []json.RawMessage          `json:"data"`
	Tracks       map[string]int             `json:"tracks"` // subscribed track sid → packets
}

func (h *harness) seen(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	c := h.clients[r.URL.Query().Get("identity")]
	h.mu.Unlock()
	if c == nil {
		http.Error(w, "no such client", http.StatusNotFound)
		return
	}
	// Empty lists are [] rather than null, so the script can always map them.
	out := seenBody{Mutes: []json.RawMessage{}, Unpublished: []string{}, RoomMetadata: []string{}, Participants: map[string]json.RawMessage{},
		Data: []json.RawMessage{}, Tracks: map[string]int{}}
	pj := protojson.MarshalOptions{EmitUnpopulated: true}
	done, cancel := context.WithCancel(r.Context())
	cancel() // WaitFor scans the history first, then returns on the done context
	_, _ = c.WaitFor(done, func(m *livekit.SignalResponse) bool {
		switch v := m.GetMessage().(type) {
		case *livekit.SignalResponse_Leave:
			out.Leave = v.Leave.GetReason().String()
		case *livekit.SignalResponse_Mute:
			b, _ := pj.Marshal(v.Mute)
			out.Mutes = append(out.Mutes, b)
		case *livekit.SignalResponse_TrackUnpublished:
			out.Unpublished = append(out.Unpublished, v.TrackUnpublished.GetTrackSid())
		case *livekit.SignalResponse_RoomUpdate:
			out.RoomMetadata = append(out.RoomMetadata, v.RoomUpdate.GetRoom().GetMetadata())
		case *livekit.SignalResponse_Update:
			for _, p := range v.Update.GetParticipants() {
				b, _ := pj.Marshal(p)
				out.Participants[p.GetIdentity()] = b
			}
		}
		return false
	})
	for _, d := range c.Data() {
		b, _ := pj.Marshal(d)
		out.Data = append(out.Data, b)
	}
	for sid, rt := range c.RemoteTracks() {
		out.Tracks[sid] = rt.Stats().Packets
	}
	writeJSON(w, out)
}

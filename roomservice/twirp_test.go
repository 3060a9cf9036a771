package roomservice_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/twitchtv/twirp"
	"google.golang.org/protobuf/proto"

	"souk/roomservice"
	"souk/sfu"
)

func newService(t *testing.T) (*httptest.Server, *sfu.Manager) {
	t.Helper()
	mgr, err := sfu.NewManager(context.Background(), sfu.Config{EmptyTimeout: time.Minute}, testLogger())
	if err != nil {
		t.Fatal(err)
	}
	svc := roomservice.New(roomservice.Config{MaxBodyBytes: 4096}, mgr, roomservice.StaticKeys{testKey: testSecret}, testLogger())
	srv := httptest.NewServer(svc)
	t.Cleanup(func() {
		srv.Close()
		_ = mgr.Close(context.Background())
	})
	return srv, mgr
}

func apiToken(t *testing.T, g *auth.VideoGrant) string {
	t.Helper()
	tok, err := auth.NewAccessToken(testKey, testSecret).SetVideoGrant(g).SetValidFor(time.Minute).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// The Go server SDK's clients are Twirp's generated ones: both encodings
// must work with them.
func TestGeneratedTwirpClients(t *testing.T) {
	srv, _ := newService(t)
	for name, c := range map[string]livekit.RoomService{
		"protobuf": livekit.NewRoomServiceProtobufClient(srv.URL, srv.Client()),
		"json":     livekit.NewRoomServiceJSONClient(srv.URL, srv.Client()),
	} {
		t.Run(name, func(t *testing.T) {
			with := func(g *auth.VideoGrant) context.Context {
				h := http.Header{"Authorization": {"Bearer " + apiToken(t, g)}}
				ctx, err := twirp.WithHTTPRequestHeaders(context.Background(), h)
				if err != nil {
					t.Fatal(err)
				}
				return ctx
			}
			room := "gen-" + name
			created, err := c.CreateRoom(with(&auth.VideoGrant{RoomCreate: true}), &livekit.CreateRoomRequest{Name: room, Metadata: "m"})
			if err != nil || created.GetName() != room || created.GetMetadata() != "m" {
				t.Fatalf("CreateRoom = %v, %v", created, err)
			}
			list, err := c.ListRooms(with(&auth.VideoGrant{RoomList: true}), &livekit.ListRoomsRequest{Names: []string{room}})
			if err != nil || len(list.GetRooms()) != 1 || list.GetRooms()[0].GetSid() != created.GetSid() {
				t.Fatalf("ListRooms = %v, %v", list, err)
			}
			ps, err := c.ListParticipants(with(&auth.VideoGrant{RoomAdmin: true, Room: room}), &livekit.ListParticipantsRequest{Room: room})
			if err != nil || len(ps.GetParticipants()) != 0 {
				t.Fatalf("ListParticipants = %v, %v", ps, err)
			}
			_, err = c.GetParticipant(with(&auth.VideoGrant{RoomAdmin: true, Room: room}), &livekit.RoomParticipantIdentity{Room: room, Identity: "ghost"})
			var te twirp.Error
			if !errors.As(err, &te) || te.Code() != twirp.NotFound {
				t.Fatalf("GetParticipant of nobody: %v", err)
			}
			_, err = c.DeleteRoom(with(&auth.VideoGrant{RoomAdmin: true, Room: room}), &livekit.DeleteRoomRequest{Room: room})
			if !errors.As(err, &te) || te.Code() != twirp.PermissionDenied || !strings.Contains(te.Msg(), "roomCreate") {
				t.Fatalf("DeleteRoom without roomCreate: %v", err)
			}
			if _, err := c.DeleteRoom(with(&auth.VideoGrant{RoomCreate: true}), &livekit.DeleteRoomRequest{Room: room}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestTwirpErrors(t *testing.T) {
	srv, _ := newService(t)
	admin := "Bearer " + apiToken(t, &auth.VideoGrant{RoomList: true, RoomCreate: true, RoomAdmin: true, Room: "r"})
	pb, _ := proto.Marshal(&livekit.ListRoomsRequest{Names: []string{"r"}})
	cases := []struct {
		name, method, path, contentType, authz string
		body                                   []byte
		status                                 int
		code, msg                              string
	}{
		{"unknown method", "POST", "/twirp/livekit.RoomService/Nope", "application/json", admin, []byte("{}"), 404, "bad_route", "no handler"},
		{"GET", "GET", "/twirp/livekit.RoomService/ListRooms", "application/json", admin, nil, 404, "bad_route", "POST"},
		{"content type", "POST", "/twirp/livekit.RoomService/ListRooms", "text/plain", admin, []byte("{}"), 404, "bad_route", "Content-Type"},
		{"no token", "POST", "/twirp/livekit.RoomService/ListRooms", "application/json", "", []byte("{}"), 401, "unauthenticated", "missing access token"},
		{"garbage token", "POST", "/twirp/livekit.RoomService/ListRooms", "application/json", "Bearer x.y.z", []byte("{}"), 401, "unauthenticated", "invalid access token"},
		{"too large", "POST", "/twirp/livekit.RoomService/ListRooms", "application/json", admin, bytes.Repeat([]byte(" "), 5000), 400, "malformed", "exceeds 4096 bytes"},
		{"bad json", "POST", "/twirp/livekit.RoomService/ListRooms", "application/json", admin, []byte(`{"names": 5}`), 400, "malformed", "application/json"},
		{"bad protobuf", "POST", "/twirp/livekit.RoomService/ListRooms", "application/protobuf", admin, []byte{0xff, 0xff}, 400, "malformed", "application/protobuf"},
		{"missing room", "POST", "/twirp/livekit.RoomService/DeleteRoom", "application/json", admin, []byte(`{}`), 400, "invalid_argument", "room is required"},
		{"no such room", "POST", "/twirp/livekit.RoomService/ListParticipants", "application/json", admin, []byte(`{"room":"r"}`), 404, "not_found", `room "r"`},
		{"other room", "POST", "/twirp/livekit.RoomService/ListParticipants", "application/json", admin, []byte(`{"room":"s"}`), 403, "permission_denied", `not "s"`},
		{"bad kind", "POST", "/twirp/livekit.RoomService/SendData", "application/json", admin, []byte(`{"room":"r","kind":7}`), 400, "invalid_argument", "kind"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, bytes.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.contentType)
			if tc.authz != "" {
				req.Header.Set("Authorization", tc.authz)
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct{ Code, Msg string }
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.status || body.Code != tc.code || !strings.Contains(body.Msg, tc.msg) {
				t.Fatalf("got %d %+v, want %d %s containing %q", resp.StatusCode, body, tc.status, tc.code, tc.msg)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Fatalf("error content type %q", ct)
			}
		})
	}
	t.Run("protobuf answer", func(t *testing.T) {
		req, _ := http.NewRequest("POST", srv.URL+"/twirp/livekit.RoomService/ListRooms", bytes.NewReader(pb))
		req.Header.Set("Content-Type", "application/protobuf")
		req.Header.Set("Authorization", admin)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/protobuf" {
			t.Fatalf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

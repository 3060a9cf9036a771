package roomservice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// PathPrefix is where the service is mounted; the method name follows.
const PathPrefix = "/twirp/livekit.RoomService/"

const (
	contentJSON     = "application/json"
	contentProtobuf = "application/protobuf"
)

// Config of the service.
type Config struct {
	// MaxBodyBytes bounds a request body; larger bodies are refused before
	// decoding. Default 1 MiB.
	MaxBodyBytes int64
	// MaxDataBytes bounds SendData's payload. Default 65536, the SFU's
	// default data packet limit.
	MaxDataBytes int
	// RequestTimeout bounds one call. Default 10s (the SDKs' own timeout).
	RequestTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 1 << 20
	}
	if c.MaxDataBytes <= 0 {
		c.MaxDataBytes = 65536
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 10 * time.Second
	}
	return c
}

// Service answers LiveKit's RoomService over Twirp (protobuf or JSON).
type Service struct {
	cfg     Config
	rooms   Rooms
	keys    KeyProvider
	log     *slog.Logger
	methods map[string]method
	cluster Cluster
}

// New builds the handler; mount it at PathPrefix.
func New(cfg Config, rooms Rooms, keys KeyProvider, log *slog.Logger) *Service {
	s := &Service{cfg: cfg.withDefaults(), rooms: rooms, keys: keys, log: log.With("component", "roomservice")}
	s.methods = s.methodTable()
	return s
}

// WithCluster makes the service answer for the rooms of every node: calls
// about a room go to its node, ListRooms asks them all.
func (s *Service) WithCluster(c Cluster) *Service {
	s.cluster = c
	return s
}

// method is one RPC: how to decode its request, which grant it needs for
// which room, and what it does.
type method struct {
	newRequest func() proto.Message
	need       grantNeed
	room       func(proto.Message) string
	call       func(context.Context, proto.Message) (proto.Message, error)
}

// rpc builds a method from typed parts.
func rpc[Req, Resp proto.Message](newReq func() Req, need grantNeed, room func(Req) string, call func(context.Context, Req) (Resp, error)) method {
	return method{
		newRequest: func() proto.Message { return newReq() },
		need:       need,
		room:       func(m proto.Message) string { return room(m.(Req)) },
		call:       func(ctx context.Context, m proto.Message) (proto.Message, error) { return call(ctx, m.(Req)) },
	}
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, _ := strings.CutPrefix(r.URL.Path, PathPrefix)
	m, ok := s.methods[name]
	if !ok || r.Method != http.MethodPost {
		writeError(w, twirpErr("bad_route", "no handler for "+r.Method+" "+r.URL.Path+" (RoomService methods are called with POST)"))
		return
	}
	ct, err := requestContentType(r.Header.Get("Content-Type"))
	if err != nil {
		writeError(w, err)
		return
	}
	grants, err := authenticate(s.keys, r)
	if err != nil {
		writeError(w, err)
		return
	}
	if r.ContentLength > s.cfg.MaxBodyBytes {
		writeError(w, tooLarge(s.cfg.MaxBodyBytes))
		return
	}
	body, rerr := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if rerr != nil {
		var mbe *http.MaxBytesError
		if errors.As(rerr, &mbe) {
			writeError(w, tooLarge(s.cfg.MaxBodyBytes))
			return
		}
		writeError(w, twirpErr("malformed", "could not read the request body: "+rerr.Error()))
		return
	}
	req, err := decodeRequest(m, ct, body)
	if err != nil {
		writeError(w, err)
		return
	}
	room := m.room(req)
	if err := authorize(grants, m.need, room); err != nil {
		s.log.Info("call refused", "method", name, "room", room, "err", err.Msg)
		writeError(w, err)
		return
	}
	if s.cluster != nil && room != "" {
		h, err := s.cluster.Route(r, room, name == "CreateRoom")
		if err != nil {
			s.log.Warn("cannot reach the room's node", "method", name, "room", room, "err", err)
			writeError(w, twirpErr("unavailable", "cannot reach the node hosting this room right now; try again shortly"))
			return
		}
		if h != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			h.ServeHTTP(w, r)
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
	defer cancel()
	resp, cerr := m.call(ctx, req)
	if cerr == nil && name == "ListRooms" && s.cluster != nil {
		cerr = s.addOtherNodesRooms(r, req, resp)
	}
	if cerr != nil {
		te := asTwirp(cerr)
		if te.Code == "internal" {
			s.log.Error("call failed", "method", name, "room", room, "err", cerr)
		} else {
			s.log.Info("call refused", "method", name, "room", room, "err", cerr)
		}
		writeError(w, te)
		return
	}
	out, merr := encodeResponse(ct, resp)
	if merr != nil {
		s.log.Error("encode response", "method", name, "err", merr)
		writeError(w, twirpErr("internal", "could not encode the response"))
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	_, _ = w.Write(out)
}

func tooLarge(limit int64) *twirpError {
	return twirpErr("malformed", "request body exceeds "+strconv.FormatInt(limit, 10)+" bytes")
}

// requestContentType accepts Twirp's two encodings (parameters such as
// charset are ignored).
func requestContentType(header string) (string, *twirpError) {
	mt, _, err := mime.ParseMediaType(header)
	if err == nil && (mt == contentJSON || mt == contentProtobuf) {
		return mt, nil
	}
	return "", twirpErr("bad_route", "unexpected Content-Type "+strconv.Quote(header)+": use application/json or application/protobuf")
}

// jsonIn accepts both field spellings (proto names and lowerCamel JSON
// names) and ignores fields newer SDKs may send.
var jsonIn = protojson.UnmarshalOptions{DiscardUnknown: true}

// jsonOut matches Twirp's default JSON: proto field names, zero values
// included.
var jsonOut = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// decodeRequest parses a body into m's request message.
func decodeRequest(m method, contentType string, body []byte) (proto.Message, *twirpError) {
	req := m.newRequest()
	var err error
	switch contentType {
	case contentJSON:
		if len(body) == 0 {
			body = []byte("{}")
		}
		err = jsonIn.Unmarshal(body, req)
	case contentProtobuf:
		err = proto.Unmarshal(body, req)
	default:
		return nil, twirpErr("bad_route", "unexpected Content-Type "+strconv.Quote(contentType))
	}
	if err != nil {
		return nil, twirpErr("malformed", "the body could not be decoded as "+contentType+": "+err.Error())
	}
	return req, nil
}

func encodeResponse(contentType string, resp proto.Message) ([]byte, error) {
	if contentType == contentProtobuf {
		return proto.Marshal(resp)
	}
	return jsonOut.Marshal(resp)
}

// addOtherNodesRooms completes a ListRooms answer with the rooms the other
// nodes host.
func (s *Service) addOtherNodesRooms(r *http.Request, req, resp proto.Message) error {
	body, err := proto.Marshal(req)
	if err != nil {
		return fmt.Errorf("encode ListRooms for the other nodes: %w", err)
	}
	answers, err := s.cluster.Gather(r, contentProtobuf, body)
	if err != nil {
		s.log.Warn("ListRooms: the other nodes did not all answer", "err", err)
		return twirpErr("unavailable", "cannot list the rooms of every node right now; try again shortly")
	}
	list := resp.(*livekit.ListRoomsResponse)
	for _, a := range answers {
		var other livekit.ListRoomsResponse
		if err := proto.Unmarshal(a, &other); err != nil {
			return fmt.Errorf("a node's ListRooms answer: %w", err)
		}
		list.Rooms = append(list.Rooms, other.Rooms...)
	}
	return nil
}

package roomservice

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/livekit/protocol/livekit"

	"souk/sfu"
)

// Limits on names checked before the room layer is touched.
const (
	maxNameBytes     = 256
	maxMetadataBytes = 64 << 10
)

func (s *Service) methodTable() map[string]method {
	room := func(r interface{ GetRoom() string }) string { return r.GetRoom() }
	return map[string]method{
		"CreateRoom": rpc(func() *livekit.CreateRoomRequest { return &livekit.CreateRoomRequest{} }, needRoomCreate,
			func(r *livekit.CreateRoomRequest) string { return r.GetName() }, s.createRoom),
		"ListRooms": rpc(func() *livekit.ListRoomsRequest { return &livekit.ListRoomsRequest{} }, needRoomList,
			func(*livekit.ListRoomsRequest) string { return "" }, s.listRooms),
		"DeleteRoom": rpc(func() *livekit.DeleteRoomRequest { return &livekit.DeleteRoomRequest{} }, needRoomCreate,
			func(r *livekit.DeleteRoomRequest) string { return room(r) }, s.deleteRoom),
		"UpdateRoomMetadata": rpc(func() *livekit.UpdateRoomMetadataRequest { return &livekit.UpdateRoomMetadataRequest{} }, needRoomAdmin,
			func(r *livekit.UpdateRoomMetadataRequest) string { return room(r) }, s.updateRoomMetadata),
		"ListParticipants": rpc(func() *livekit.ListParticipantsRequest { return &livekit.ListParticipantsRequest{} }, needRoomAdmin,
			func(r *livekit.ListParticipantsRequest) string { return room(r) }, s.listParticipants),
		"GetParticipant": rpc(func() *livekit.RoomParticipantIdentity { return &livekit.RoomParticipantIdentity{} }, needRoomAdmin,
			func(r *livekit.RoomParticipantIdentity) string { return room(r) }, s.getParticipant),
		"RemoveParticipant": rpc(func() *livekit.RoomParticipantIdentity { return &livekit.RoomParticipantIdentity{} }, needRoomAdmin,
			func(r *livekit.RoomParticipantIdentity) string { return room(r) }, s.removeParticipant),
		"UpdateParticipant": rpc(func() *livekit.UpdateParticipantRequest { return &livekit.UpdateParticipantRequest{} }, needRoomAdmin,
			func(r *livekit.UpdateParticipantRequest) string { return room(r) }, s.updateParticipant),
		"MutePublishedTrack": rpc(func() *livekit.MuteRoomTrackRequest { return &livekit.MuteRoomTrackRequest{} }, needRoomAdmin,
			func(r *livekit.MuteRoomTrackRequest) string { return room(r) }, s.mutePublishedTrack),
		"UpdateSubscriptions": rpc(func() *livekit.UpdateSubscriptionsRequest { return &livekit.UpdateSubscriptionsRequest{} }, needRoomAdmin,
			func(r *livekit.UpdateSubscriptionsRequest) string { return room(r) }, s.updateSubscriptions),
		"SendData": rpc(func() *livekit.SendDataRequest { return &livekit.SendDataRequest{} }, needRoomAdmin,
			func(r *livekit.SendDataRequest) string { return room(r) }, s.sendData),
	}
}

func invalid(format string, args ...any) error {
	return twirpErr("invalid_argument", fmt.Sprintf(format, args...))
}

// checkName validates a room name, identity or sid field.
func checkName(field, v string) error {
	switch {
	case v == "":
		return invalid("%s is required", field)
	case len(v) > maxNameBytes:
		return invalid("%s must be at most %d bytes", field, maxNameBytes)
	case !utf8.ValidString(v):
		return invalid("%s must be valid UTF-8", field)
	}
	return nil
}

func checkMetadata(field, v string) error {
	if len(v) > maxMetadataBytes {
		return invalid("%s must be at most %d bytes", field, maxMetadataBytes)
	}
	return nil
}

func (s *Service) createRoom(_ context.Context, r *livekit.CreateRoomRequest) (*livekit.Room, error) {
	if err := checkName("name", r.GetName()); err != nil {
		return nil, err
	}
	if err := checkMetadata("metadata", r.GetMetadata()); err != nil {
		return nil, err
	}
	return s.rooms.CreateRoom(r.GetName(), sfu.RoomOptions{
		EmptyTimeout:    time.Duration(r.GetEmptyTimeout()) * time.Second,
		MaxParticipants: int(r.GetMaxParticipants()),
		Metadata:        r.GetMetadata(),
	})
}

func (s *Service) listRooms(_ context.Context, r *livekit.ListRoomsRequest) (*livekit.ListRoomsResponse, error) {
	return &livekit.ListRoomsResponse{Rooms: s.rooms.ListRooms(r.GetNames())}, nil
}

func (s *Service) deleteRoom(_ context.Context, r *livekit.DeleteRoomRequest) (*livekit.DeleteRoomResponse, error) {
	if err := checkName("room", r.GetRoom()); err != nil {
		return nil, err
	}
	if err := s.rooms.DeleteRoom(r.GetRoom()); err != nil {
		return nil, err
	}
	return &livekit.DeleteRoomResponse{}, nil
}

func (s *Service) updateRoomMetadata(_ context.Context, r *livekit.UpdateRoomMetadataRequest) (*livekit.Room, error) {
	if err := checkName("room", r.GetRoom()); err != nil {
		return nil, err
	}
	if err := checkMetadata("metadata", r.GetMetadata()); err != nil {
		return nil, err
	}
	return s.rooms.UpdateRoomMetadata(r.GetRoom(), r.GetMetadata())
}

func (s *Service) listParticipants(_ context.Context, r *livekit.ListParticipantsRequest) (*livekit.ListParticipantsResponse, error) {
	if err := checkName("room", r.GetRoom()); err != nil {
		return nil, err
	}
	ps, err := s.rooms.ListParticipants(r.GetRoom())
	if err != nil {
		return nil, err
	}
	return &livekit.ListParticipantsResponse{Participants: ps}, nil
}

func checkParticipant(r interface {
	GetRoom() string
	GetIdentity() string
}) error {
	if err := checkName("room", r.GetRoom()); err != nil {
		return err
	}
	return checkName("identity", r.GetIdentity())
}

func (s *Service) getParticipant(_ context.Context, r *livekit.RoomParticipantIdentity) (*livekit.ParticipantInfo, error) {
	if err := checkParticipant(r); err != nil {
		return nil, err
	}
	return s.rooms.GetParticipant(r.GetRoom(), r.GetIdentity())
}

func (s *Service) removeParticipant(_ context.Context, r *livekit.RoomParticipantIdentity) (*livekit.RemoveParticipantResponse, error) {
	if err := checkParticipant(r); err != nil {
		return nil, err
	}
	if err := s.rooms.RemoveParticipant(r.GetRoom(), r.GetIdentity()); err != nil {
		return nil, err
	}
	return &livekit.RemoveParticipantResponse{}, nil
}

func (s *Service) updateParticipant(_ context.Context, r *livekit.UpdateParticipantRequest) (*livekit.ParticipantInfo, error) {
	if err := checkParticipant(r); err != nil {
		return nil, err
	}
	if err := checkMetadata("metadata", r.GetMetadata()); err != nil {
		return nil, err
	}
	if len(r.GetName()) > maxNameBytes || !utf8.ValidString(r.GetName()) {
		return nil, invalid("name must be valid UTF-8 of at most %d bytes", maxNameBytes)
	}
	size := 0
	for k, v := range r.GetAttributes() {
		if k == "" {
			return nil, invalid("attributes: empty key")
		}
		size += len(k) + len(v)
	}
	if size > maxMetadataBytes {
		return nil, invalid("attributes must total at most %d bytes", maxMetadataBytes)
	}
	return s.rooms.UpdateParticipant(r.GetRoom(), r.GetIdentity(), sfu.ParticipantChanges{
		Name: r.GetName(), Metadata: r.GetMetadata(), Attributes: r.GetAttributes(), Permission: r.GetPermission(),
	})
}

func (s *Service) mutePublishedTrack(_ context.Context, r *livekit.MuteRoomTrackRequest) (*livekit.MuteRoomTrackResponse, error) {
	if err := checkParticipant(r); err != nil {
		return nil, err
	}
	if err := checkName("track_sid", r.GetTrackSid()); err != nil {
		return nil, err
	}
	t, err := s.rooms.MuteTrack(r.GetRoom(), r.GetIdentity(), r.GetTrackSid(), r.GetMuted())
	if err != nil {
		return nil, err
	}
	return &livekit.MuteRoomTrackResponse{Track: t}, nil
}

func (s *Service) updateSubscriptions(_ context.Context, r *livekit.UpdateSubscriptionsRequest) (*livekit.UpdateSubscriptionsResponse, error) {
	if err := checkParticipant(r); err != nil {
		return nil, err
	}
	sids := append([]string(nil), r.GetTrackSids()...)
	for _, pt := range r.GetParticipantTracks() {
		sids = append(sids, pt.GetTrackSids()...)
	}
	if len(sids) == 0 {
		return nil, invalid("track_sids is empty: name the tracks to (un)subscribe")
	}
	if err := s.rooms.UpdateSubscriptions(r.GetRoom(), r.GetIdentity(), sids, r.GetSubscribe()); err != nil {
		return nil, err
	}
	return &livekit.UpdateSubscriptionsResponse{}, nil
}

func (s *Service) sendData(_ context.Context, r *livekit.SendDataRequest) (*livekit.SendDataResponse, error) {
	if err := checkName("room", r.GetRoom()); err != nil {
		return nil, err
	}
	if len(r.GetData()) > s.cfg.MaxDataBytes {
		return nil, invalid("data must be at most %d bytes", s.cfg.MaxDataBytes)
	}
	if k := r.GetKind(); k != livekit.DataPacket_RELIABLE && k != livekit.DataPacket_LOSSY {
		return nil, invalid("kind must be RELIABLE or LOSSY")
	}
	err := s.rooms.SendData(r.GetRoom(), sfu.ServerData{
		Kind: r.GetKind(), Payload: r.GetData(), Topic: r.Topic, Nonce: r.GetNonce(),
		DestinationIdentities: r.GetDestinationIdentities(), DestinationSIDs: r.GetDestinationSids(),
	})
	if err != nil {
		return nil, err
	}
	return &livekit.SendDataResponse{}, nil
}

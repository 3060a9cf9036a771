package sfu

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"
)

// Operators' view of the rooms (the LiveKit RoomService): listing,
// creating and deleting rooms, and changing participants' state. Every
// change reaches the clients the way a LiveKit server tells them:
// ParticipantUpdate, RoomUpdate, mute, leave or a data packet.

var (
	// ErrRoomNotFound: no live room has that name.
	ErrRoomNotFound = errors.New("room not found")
	// ErrParticipantNotFound: the room has no participant of that identity.
	ErrParticipantNotFound = errors.New("participant not found")
	// ErrTrackNotFound: the participant publishes no track of that sid.
	ErrTrackNotFound = errors.New("track not found")
	// ErrRemoteUnmute: a server never turns a participant's microphone or
	// camera back on; only the participant can.
	ErrRemoteUnmute = errors.New("remote unmute is not allowed")
	// ErrOverLimit: a requested room limit exceeds the server's.
	ErrOverLimit = errors.New("over the server's limit")
)

// RoomOptions are what CreateRoom may set; zero values take the server's
// defaults.
type RoomOptions struct {
	EmptyTimeout    time.Duration
	MaxParticipants int
	Metadata        string
}

// CreateRoom opens an empty room that closes after its empty timeout
// unless someone joins. An existing room of that name is returned as is.
func (m *Manager) CreateRoom(name string, opts RoomOptions) (*livekit.Room, error) {
	if opts.MaxParticipants > m.cfg.MaxParticipants {
		return nil, fmt.Errorf("max participants %d: %w (%d)", opts.MaxParticipants, ErrOverLimit, m.cfg.MaxParticipants)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, fmt.Errorf("create room: %w", errClosed)
	}
	if r := m.rooms[name]; r != nil {
		return r.roomSnapshot(), nil
	}
	cfg := m.cfg
	if opts.EmptyTimeout > 0 {
		cfg.EmptyTimeout = opts.EmptyTimeout
	}
	if opts.MaxParticipants > 0 {
		cfg.MaxParticipants = opts.MaxParticipants
	}
	r := newRoom(name, cfg, m.log, &m.counters, m.dropRoom)
	r.metadata = opts.Metadata
	r.emptyTimer = time.AfterFunc(cfg.EmptyTimeout, r.closeIfEmpty)
	m.rooms[name] = r
	r.log.Info("room created by operator", "empty_timeout", cfg.EmptyTimeout, "max_participants", cfg.MaxParticipants)
	r.emitRoom(EventRoomStarted)
	return r.roomSnapshot(), nil
}

// ListRooms returns the live rooms, sorted by name; names, when given,
// restrict the list to those rooms.
func (m *Manager) ListRooms(names []string) []*livekit.Room {
	m.mu.Lock()
	rooms := make([]*Room, 0, len(m.rooms))
	for name, r := range m.rooms {
		if len(names) == 0 || slices.Contains(names, name) {
			rooms = append(rooms, r)
		}
	}
	m.mu.Unlock()
	slices.SortFunc(rooms, func(a, b *Room) int { return strings.Compare(a.name, b.name) })
	out := make([]*livekit.Room, 0, len(rooms))
	for _, r := range rooms {
		out = append(out, r.roomSnapshot())
	}
	return out
}

func (m *Manager) room(name string) (*Room, error) {
	m.mu.Lock()
	r := m.rooms[name]
	m.mu.Unlock()
	if r == nil {
		return nil, fmt.Errorf("room %q: %w", name, ErrRoomNotFound)
	}
	return r, nil
}

func (m *Manager) participant(room, identity string) (*Participant, error) {
	r, err := m.room(room)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	p := r.participants[identity]
	r.mu.Unlock()
	if p == nil {
		return nil, fmt.Errorf("participant %q in room %q: %w", identity, room, ErrParticipantNotFound)
	}
	return p, nil
}

// DeleteRoom ends every session in the room with ROOM_DELETED and closes
// it at once.
func (m *Manager) DeleteRoom(name string) error {
	r, err := m.room(name)
	if err != nil {
		return err
	}
	// Closed first: a join racing with us starts a fresh room instead.
	r.mu.Lock()
	r.closed = true
	if r.emptyTimer != nil {
		r.emptyTimer.Stop()
		r.emptyTimer = nil
	}
	r.mu.Unlock()
	for _, p := range r.list() {
		p.sendLeave(livekit.DisconnectReason_ROOM_DELETED, livekit.LeaveRequest_DISCONNECT)
		r.remove(p, livekit.DisconnectReason_ROOM_DELETED)
	}
	r.log.Info("room deleted by operator")
	m.dropRoom(r)
	return nil
}

// UpdateRoomMetadata stores the metadata and sends a RoomUpdate to
// everyone in the room.
func (m *Manager) UpdateRoomMetadata(name, metadata string) (*livekit.Room, error) {
	r, err := m.room(name)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.metadata = metadata
	room := r.protoLocked()
	r.mu.Unlock()
	for _, p := range r.list() {
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_RoomUpdate{RoomUpdate: &livekit.RoomUpdate{Room: proto.Clone(room).(*livekit.Room)}}})
	}
	return room, nil
}

// ListParticipants returns snapshots of everyone in the room, hidden
// participants included, sorted by identity.
func (m *Manager) ListParticipants(room string) ([]*livekit.ParticipantInfo, error) {
	r, err := m.room(room)
	if err != nil {
		return nil, err
	}
	ps := r.list()
	out := make([]*livekit.ParticipantInfo, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.info())
	}
	return out, nil
}

// GetParticipant returns one participant's snapshot.
func (m *Manager) GetParticipant(room, identity string) (*livekit.ParticipantInfo, error) {
	p, err := m.participant(room, identity)
	if err != nil {
		return nil, err
	}
	return p.info(), nil
}

// RemoveParticipant ends the session with PARTICIPANT_REMOVED. The client
// may join again with a valid token.
func (m *Manager) RemoveParticipant(room, identity string) error {
	p, err := m.participant(room, identity)
	if err != nil {
		return err
	}
	p.log.Info("participant removed by operator")
	p.sendLeave(livekit.DisconnectReason_PARTICIPANT_REMOVED, livekit.LeaveRequest_DISCONNECT)
	p.room.remove(p, livekit.DisconnectReason_PARTICIPANT_REMOVED)
	return nil
}

// ParticipantChanges is what an operator may change about a participant.
// Empty strings and a nil permission leave the current value; an attribute
// set to "" is deleted.
type ParticipantChanges struct {
	Name, Metadata string
	Attributes     map[string]string
	Permission     *livekit.ParticipantPermission
}

// UpdateParticipant applies the changes and broadcasts the participant's
// new snapshot (the participant itself learns its new permissions).
func (m *Manager) UpdateParticipant(room, identity string, c ParticipantChanges) (*livekit.ParticipantInfo, error) {
	p, err := m.participant(room, identity)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if c.Name != "" {
		p.name = c.Name
	}
	if c.Metadata != "" {
		p.metadata = c.Metadata
	}
	for k, v := range c.Attributes {
		if v == "" {
			delete(p.attributes, k)
		} else {
			p.attributes[k] = v
		}
	}
	if c.Permission != nil {
		// A fresh grant rather than an in-place edit: code that took the
		// old one (currentGrant) keeps a consistent view.
		g := p.grant.Clone()
		g.UpdateFromPermission(c.Permission)
		p.grant = g
	}
	p.mu.Unlock()
	p.log.Info("participant updated by operator", "name", c.Name != "", "metadata", c.Metadata != "",
		"attributes", slices.Sorted(maps.Keys(c.Attributes)), "permission", c.Permission != nil)
	if c.Permission != nil {
		p.unpublishRevoked()
	}
	p.changed()
	return p.info(), nil
}

// unpublishRevoked removes the tracks the participant's grant no longer
// allows (an operator revoked canPublish, or narrowed its sources): the
// others see them unpublished, and the publisher is told with
// TrackUnpublishedResponse, on which livekit-client stops sending them.
func (p *Participant) unpublishRevoked() {
	g := p.currentGrant()
	var gone []*localTrack
	p.mu.Lock()
	for sid, t := range p.published {
		if !g.GetCanPublish() || !g.GetCanPublishSource(t.info.GetSource()) {
			gone = append(gone, t)
			delete(p.published, sid)
		}
	}
	p.mu.Unlock()
	p.dropPublished(gone, "publishing it is no longer permitted")
	for _, t := range gone {
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_TrackUnpublished{
			TrackUnpublished: &livekit.TrackUnpublishedResponse{TrackSid: t.info.Sid}}})
	}
}

// MuteTrack mutes one of the participant's published tracks: the
// publication is marked muted for everyone and the publisher is asked to
// stop sending. Unmuting is refused (ErrRemoteUnmute).
func (m *Manager) MuteTrack(room, identity, trackSID string, muted bool) (*livekit.TrackInfo, error) {
	p, err := m.participant(room, identity)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	t := p.published[trackSID]
	p.mu.Unlock()
	if t == nil {
		return nil, fmt.Errorf("track %q of %q: %w", trackSID, identity, ErrTrackNotFound)
	}
	if !muted {
		return nil, fmt.Errorf("track %q: %w", trackSID, ErrRemoteUnmute)
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Mute{Mute: &livekit.MuteTrackRequest{Sid: trackSID, Muted: true}}})
	p.setMuted(trackSID, true)
	p.log.Info("track muted by operator", "track", trackSID)
	p.mu.Lock()
	defer p.mu.Unlock()
	return proto.Clone(t.info).(*livekit.TrackInfo), nil
}

// UpdateSubscriptions subscribes the participant to, or unsubscribes it
// from, tracks of others in the room, as if it had asked itself.
func (m *Manager) UpdateSubscriptions(room, identity string, trackSIDs []string, subscribe bool) error {
	p, err := m.participant(room, identity)
	if err != nil {
		return err
	}
	p.updateSubscription(&livekit.UpdateSubscription{TrackSids: trackSIDs, Subscribe: subscribe})
	return nil
}

// ServerData is a data packet sent by the server (SendData).
type ServerData struct {
	Kind    livekit.DataPacket_Kind
	Payload []byte
	Topic   *string
	Nonce   []byte
	// DestinationIdentities and DestinationSIDs select receivers; both
	// empty means everyone in the room.
	DestinationIdentities []string
	DestinationSIDs       []string
}

// SendData delivers a user packet with no sender to the selected
// participants, on the channel of its kind.
func (m *Manager) SendData(room string, d ServerData) error {
	r, err := m.room(room)
	if err != nil {
		return err
	}
	ps := r.list()
	dests := slices.Clone(d.DestinationIdentities)
	for _, p := range ps {
		if slices.Contains(d.DestinationSIDs, p.sid) && !slices.Contains(dests, p.identity) {
			dests = append(dests, p.identity)
		}
	}
	if len(dests) == 0 && (len(d.DestinationIdentities) > 0 || len(d.DestinationSIDs) > 0) {
		return nil // the named receivers are gone: nothing to deliver
	}
	dp := &livekit.DataPacket{Kind: d.Kind, DestinationIdentities: dests, Value: &livekit.DataPacket_User{User: &livekit.UserPacket{
		Payload: d.Payload, Topic: d.Topic, Nonce: d.Nonce, DestinationIdentities: dests,
	}}}
	out, err := proto.Marshal(dp)
	if err != nil {
		return fmt.Errorf("encode data packet: %w", err)
	}
	for _, p := range ps {
		if len(dests) == 0 || slices.Contains(dests, p.identity) {
			p.sendData(d.Kind, out)
		}
	}
	return nil
}

package sfu

import (
	"slices"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
)

const (
	labelReliable = "_reliable"
	labelLossy    = "_lossy"
)

func labelKind(label string) (livekit.DataPacket_Kind, bool) {
	switch label {
	case labelReliable:
		return livekit.DataPacket_RELIABLE, true
	case labelLossy:
		return livekit.DataPacket_LOSSY, true
	}
	return 0, false
}

// acceptDataChannel wires a client-created channel: inbound packets are
// routed, and in single-PC mode the same channel carries packets down.
func (p *Participant) acceptDataChannel(dc *webrtc.DataChannel) {
	kind, ok := labelKind(dc.Label())
	if !ok {
		p.log.Debug("ignoring data channel", "label", dc.Label())
		return
	}
	if p.singlePC {
		p.mu.Lock()
		p.dataOut[kind] = dc
		p.mu.Unlock()
	}
	dc.OnMessage(func(msg webrtc.DataChannelMessage) { p.room.routeData(p, kind, msg.Data) })
}

// routeData forwards one client DataPacket after stamping the authenticated
// sender. Packets over the size limit, undecodable or from a participant
// without canPublishData are dropped; data channels have no error reply.
func (r *Room) routeData(from *Participant, kind livekit.DataPacket_Kind, data []byte) {
	if len(data) > r.cfg.MaxDataPacketBytes {
		from.log.Info("data packet over limit dropped", "bytes", len(data), "max", r.cfg.MaxDataPacketBytes)
		return
	}
	if !from.currentGrant().GetCanPublishData() {
		from.log.Debug("data packet without canPublishData dropped")
		return
	}
	var dp livekit.DataPacket
	if err := proto.Unmarshal(data, &dp); err != nil {
		from.log.Debug("undecodable data packet dropped", "err", err)
		return
	}
	out, dests, err := stampData(&dp, from.identity, from.sid, kind)
	if err != nil {
		return
	}
	for _, p := range r.list() {
		if p == from || (len(dests) > 0 && !slices.Contains(dests, p.identity)) {
			continue
		}
		p.sendData(kind, out)
	}
}

// stampData overwrites sender fields with the authenticated identity so
// receivers can trust them (RPC caller, stream owner).
func stampData(dp *livekit.DataPacket, identity, sid string, kind livekit.DataPacket_Kind) ([]byte, []string, error) {
	dp.ParticipantIdentity, dp.ParticipantSid, dp.Kind = identity, sid, kind
	if u := dp.GetUser(); u != nil {
		u.ParticipantIdentity, u.ParticipantSid = identity, sid
		if len(dp.DestinationIdentities) == 0 {
			dp.DestinationIdentities = u.DestinationIdentities
		}
		u.DestinationIdentities = dp.DestinationIdentities
	}
	out, err := proto.Marshal(dp)
	return out, dp.DestinationIdentities, err
}

func (p *Participant) sendData(kind livekit.DataPacket_Kind, b []byte) {
	p.mu.Lock()
	dc := p.dataOut[kind]
	p.mu.Unlock()
	if dc == nil || dc.ReadyState() != webrtc.DataChannelStateOpen {
		return
	}
	if err := dc.Send(b); err != nil {
		p.log.Debug("data send failed", "err", err)
	}
}

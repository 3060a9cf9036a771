package sfu

import (
	"slices"
	"time"

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
		if kind == livekit.DataPacket_RELIABLE {
			// What was sent to this participant before its channel
			// arrived waits in dataWait (see sendData).
			dc.OnOpen(func() { p.drainData(dc) })
		}
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

// Limits of what waits for a reliable channel to open: a client is about
// to open it right after joining, so this only has to cover connection
// set-up, which takes a few hundred milliseconds and, on a busy host,
// some seconds. A single-connection client that has opened no reliable
// channel dataWaitWindow after its join is not going to: nothing is held
// for it after that.
const (
	dataWaitMaxPackets = 256
	dataWaitMaxBytes   = 1 << 20
	dataWaitWindow     = 15 * time.Second
)

// dataQueue holds reliable packets for a channel that is still opening, in
// order. The participant's lock guards it.
type dataQueue struct {
	msgs     [][]byte
	bytes    int
	draining bool // the channel opened and the queue is being sent
	dropped  int
}

// hold queues b when the channel cannot take it yet, or must not overtake
// packets still queued; it reports whether b was taken.
func (q *dataQueue) hold(state webrtc.DataChannelState, b []byte) bool {
	if !q.draining && len(q.msgs) == 0 && state != webrtc.DataChannelStateConnecting {
		return false
	}
	if len(q.msgs) >= dataWaitMaxPackets || q.bytes+len(b) > dataWaitMaxBytes {
		q.dropped++
		return true
	}
	q.msgs = append(q.msgs, b)
	q.bytes += len(b)
	return true
}

// discard drops what is queued, for a channel that will never open.
func (q *dataQueue) discard() {
	q.dropped += len(q.msgs)
	q.msgs, q.bytes = nil, 0
}

// take returns the queued packets and empties the queue; with nothing left
// the channel is sent to directly again.
func (q *dataQueue) take() [][]byte {
	msgs := q.msgs
	q.msgs, q.bytes = nil, 0
	q.draining = len(msgs) > 0
	return msgs
}

func (p *Participant) sendData(kind livekit.DataPacket_Kind, b []byte) {
	p.mu.Lock()
	dc := p.dataOut[kind]
	if kind == livekit.DataPacket_RELIABLE && p.holdReliable(dc, b) {
		// The reliable channel opens a moment after the client has
		// joined, and the client may be sent to (an RPC) at once:
		// delivered when it opens (drainData).
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	if dc == nil || dc.ReadyState() != webrtc.DataChannelStateOpen {
		return
	}
	if err := dc.Send(b); err != nil {
		p.log.Debug("data send failed", "err", err)
	}
}

// holdReliable queues b while the participant's reliable channel is still
// opening, or older packets still wait for it. On two connections that is
// the server's own channel before it opens; on one, the client's channel,
// which the server only learns of once the client's SCTP association is
// up, so before it has arrived at all. The caller holds p.mu.
func (p *Participant) holdReliable(dc *webrtc.DataChannel, b []byte) bool {
	if dc != nil {
		return p.dataWait.hold(dc.ReadyState(), b)
	}
	if !p.singlePC || time.Since(p.joinedAt) > dataWaitWindow {
		p.dataWait.discard()
		return false
	}
	return p.dataWait.hold(webrtc.DataChannelStateConnecting, b)
}

// drainData sends what waited for the reliable channel to open, then
// returns the channel to direct sends.
func (p *Participant) drainData(dc *webrtc.DataChannel) {
	p.mu.Lock()
	p.dataWait.draining = true
	dropped := p.dataWait.dropped
	p.mu.Unlock()
	if dropped > 0 {
		p.log.Info("data packets dropped while the reliable channel opened", "packets", dropped)
	}
	for {
		p.mu.Lock()
		msgs := p.dataWait.take()
		p.mu.Unlock()
		if len(msgs) == 0 {
			return
		}
		for _, b := range msgs {
			if err := dc.Send(b); err != nil {
				p.log.Debug("data send failed", "err", err)
			}
		}
	}
}

// Binds the key agreement to a connected livekit-client Room: its messages
// travel as reliable data packets on their own topic, and membership follows
// the room's participants. Public keys go in data messages rather than
// participant attributes because call tokens do not grant canUpdateOwnMetadata.
import { RoomEvent, type RemoteParticipant, type Room } from 'livekit-client'
import type { AgreementTransport } from './key-agreement'
import { TOPIC } from './wire'

export function roomTransport(room: Room): AgreementTransport {
  const participants = () => [...room.remoteParticipants.values()].map((p) => p.identity)
  return {
    participants,
    onMembership(handler) {
      const changed = () => handler(participants())
      room.on(RoomEvent.ParticipantConnected, changed).on(RoomEvent.ParticipantDisconnected, changed)
      return () => {
        room.off(RoomEvent.ParticipantConnected, changed).off(RoomEvent.ParticipantDisconnected, changed)
      }
    },
    async send(bytes, to) {
      await room.localParticipant.publishData(bytes, { reliable: true, topic: TOPIC, destinationIdentities: to })
    },
    onMessage(handler) {
      const received = (payload: Uint8Array, participant?: RemoteParticipant, _kind?: unknown, topic?: string) => {
        // Packets without a sender come from the server itself; the agreement never needs those.
        if (topic === TOPIC && participant) handler(participant.identity, payload)
      }
      room.on(RoomEvent.DataReceived, received)
      return () => {
        room.off(RoomEvent.DataReceived, received)
      }
    },
  }
}

import { asCallMessage, type CallMessage, type ReceivedMessage } from './realtime/messages'

export const INVITATION_VISIBLE_MS = 30_000
export const OVERLAY_OPEN_DELAY_MS = 500
export const OVERLAY_CLOSE_DELAY_MS = 300

export interface Invitation extends CallMessage {
  wrapperId: string
  room?: string
  sourcesrv?: string
}

/** Call invitations among the personal channel's messages, ignoring our own echoes. */
export function invitationsFrom(messages: ReceivedMessage[], me: string | null): Invitation[] {
  const out: Invitation[] = []
  for (const m of messages) {
    const call = asCallMessage(m)
    if (!call || call.type !== 'callInvitation' || call.from === me) continue
    out.push({ ...call, wrapperId: m.wrapperId, room: m.room, sourcesrv: m.sourcesrv })
  }
  return out
}

/** The answer to an invitation we sent for `roomName`, if one arrived. */
export function answerFor(messages: ReceivedMessage[], roomName: string): { message: ReceivedMessage; call: CallMessage } | null {
  for (const message of messages) {
    const call = asCallMessage(message)
    if (call && call.roomName === roomName && (call.type === 'acceptcallInvitation' || call.type === 'rejectcallInvitation')) {
      return { message, call }
    }
  }
  return null
}

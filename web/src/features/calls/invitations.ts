import { asCallMessage, type CallMessage, type CallStateNotice, type ReceivedMessage } from './realtime/messages'

export const INVITATION_VISIBLE_MS = 30_000
export const OVERLAY_OPEN_DELAY_MS = 500
export const OVERLAY_CLOSE_DELAY_MS = 300

export interface Invitation extends CallMessage {
  wrapperId: string
  room?: string
  sourcesrv?: string
}

/**
 * Call invitations among the personal channel's messages that still ring:
 * not our own echoes, not withdrawn by the caller, and not answered, ended
 * or expired as far as the server told us (an answer on another device
 * counts). A replayed invitation for the same call shows once.
 */
export function invitationsFrom(messages: ReceivedMessage[], me: string | null, calls: Record<string, CallStateNotice> = {}): Invitation[] {
  const cancelled = new Set<string>()
  for (const m of messages) {
    const call = asCallMessage(m)
    if (call?.type === 'cancelcallInvitation') cancelled.add(call.roomName)
  }
  const out: Invitation[] = []
  const seen = new Set<string>()
  for (const m of messages) {
    const call = asCallMessage(m)
    if (!call || call.type !== 'callInvitation' || call.from === me) continue
    if (cancelled.has(call.roomName) || seen.has(call.roomName)) continue
    const state = calls[call.roomName]?.state
    if (state && state !== 'ringing') continue
    seen.add(call.roomName)
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

import { isRecord } from '@/lib/is-record'

export type CallMessageType = 'callInvitation' | 'acceptcallInvitation' | 'rejectcallInvitation' | 'cancelcallInvitation'

const CALL_MESSAGE_TYPES: readonly string[] = ['callInvitation', 'acceptcallInvitation', 'rejectcallInvitation', 'cancelcallInvitation']

export interface CallMessage {
  type: CallMessageType
  from: string
  roomName: string
  messageId: string
  /**
   * The sender's display name, shown instead of their user id. On receipt it
   * is the server's (from the sender's account), never the sender's own text.
   */
  fromName?: string
  /** What the call is about: the listing's title, or the person called. */
  title?: string
}

const shortText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 120) : undefined)

/** What the server relays on "room-message": the wrapper plus the sender's data, parsed. */
export interface ReceivedMessage {
  wrapperId: string
  room?: string
  sourcesrv?: string
  /** The sender's account display name, set by the server. */
  senderName?: string
  data: Record<string, unknown> | null
}

export interface BroadcastEnvelope {
  SocketIOUniqueChannelName: string
  data: string
  wrapperId: string
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as unknown
  } catch {
    return undefined
  }
}

/** Accepts the JSON string (or object) sent on "room-message"; null when unusable. */
export function parseReceived(raw: unknown): ReceivedMessage | null {
  const obj = parseMaybeJson(raw)
  if (!isRecord(obj)) return null
  const data = parseMaybeJson(obj.data)
  return {
    wrapperId: typeof obj.wrapperId === 'string' ? obj.wrapperId : newId(),
    room: typeof obj.room === 'string' ? obj.room : undefined,
    sourcesrv: typeof obj.sourcesrv === 'string' ? obj.sourcesrv : undefined,
    senderName: shortText(obj.senderName),
    data: isRecord(data) ? data : null,
  }
}

export function asCallMessage(m: ReceivedMessage): CallMessage | null {
  const d = m.data
  if (!d) return null
  const type = d.type
  if (typeof type !== 'string' || !CALL_MESSAGE_TYPES.includes(type)) return null
  if (typeof d.from !== 'string' || typeof d.roomName !== 'string') return null
  return {
    type: type as CallMessageType,
    from: d.from,
    roomName: d.roomName,
    messageId: typeof d.messageId === 'string' ? d.messageId : m.wrapperId,
    // Only the server's name for the sender counts: the data's fromName is
    // whatever the sender's browser wrote.
    fromName: m.senderName,
    title: shortText(d.title),
  }
}

/** Server rooms are "room_<channel>"; a name already starting with "room" is used as is. */
export function toRoomName(channel: string): string {
  return channel.startsWith('room') ? channel : `room_${channel}`
}

export function toChannelName(room: string): string {
  return room.startsWith('room_') ? room.slice('room_'.length) : room
}

export function buildEnvelope(channel: string, payload: unknown, wrapperId?: string): BroadcastEnvelope {
  return { SocketIOUniqueChannelName: toChannelName(channel), data: JSON.stringify(payload), wrapperId: wrapperId ?? newId() }
}

export function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** Where a call stands, as the server tells both people ("call-state", "ALLEMITER_<room>"). */
export type CallState = 'ringing' | 'accepted' | 'rejected' | 'ended' | 'expired'

const CALL_STATES: readonly string[] = ['ringing', 'accepted', 'rejected', 'ended', 'expired']

export interface CallStateNotice {
  roomName: string
  state: CallState
  /** Who acted; empty when the server did (an invitation nobody answered). */
  userId: string
}

/** Reads a call-state notice (object or JSON string); null when it is not one. */
export function parseCallState(raw: unknown): CallStateNotice | null {
  const obj = parseMaybeJson(raw)
  if (!isRecord(obj) || obj.type !== 'callState') return null
  if (typeof obj.roomName !== 'string' || typeof obj.state !== 'string' || !CALL_STATES.includes(obj.state)) return null
  return { roomName: obj.roomName, state: obj.state as CallState, userId: typeof obj.userId === 'string' ? obj.userId : '' }
}

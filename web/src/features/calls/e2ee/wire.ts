// The messages of the key agreement as they travel between browsers, and the
// checks every received message passes before the agreement looks at it.
// Everything here is plain data: no keys, no I/O.

export const PROTOCOL = 'souk-e2ee/v1'
/** Data messages of the agreement travel on this topic of the call's data channel. */
export const TOPIC = 'souk.e2ee.v1'

/** Received messages larger than this are dropped unread. */
export const MAX_MESSAGE_BYTES = 64 * 1024
/** Epochs stay far below 2^53, so the next one is always exact. */
export const MAX_EPOCH = 2 ** 40
/** A key message names at most this many members. */
export const MAX_MEMBERS = 64
const MAX_IDENTITY_LENGTH = 256
/** base64url of a 65-byte uncompressed P-256 point */
const PUBLIC_KEY_LENGTH = 87
/** base64url of a 12-byte AES-GCM nonce */
const IV_LENGTH = 16
/** base64url of a 32-byte secret sealed with a 16-byte tag */
const SEALED_LENGTH = 64

/** An identity and the public key it announced, in base64url. */
export type Member = readonly [identity: string, publicKey: string]

/**
 * "Here is my public key for this call." Announced on start, to each
 * newcomer and again to those who stay silent; every announcement is
 * answered with a reply, and replies are not answered.
 */
export interface PublicKeyMessage {
  v: 1
  t: 'pk'
  pk: string
  reply: boolean
  /** the highest epoch the sender knows, so a newcomer that becomes leader continues above it */
  epoch: number
}

/** The leader's group secret for an epoch, sealed to each member. */
export interface KeyMessage {
  v: 1
  t: 'key'
  epoch: number
  /** sorted by identity (UTF-16 code units), identities unique; the leader is the first */
  members: Member[]
  /** one entry per member other than the leader: [identity, iv, ciphertext] */
  sealed: [identity: string, iv: string, ciphertext: string][]
}

export type WireMessage = PublicKeyMessage | KeyMessage

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

export function encodeMessage(msg: WireMessage): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify(msg))
}

/** Code-unit order, the same in every browser (unlike localeCompare). */
export function compareIdentities(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const B64URL = /^[A-Za-z0-9_-]*$/

function isB64(v: unknown, length: number): v is string {
  return typeof v === 'string' && v.length === length && B64URL.test(v)
}

function isEpoch(v: unknown, min: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v < MAX_EPOCH
}

function isIdentity(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_IDENTITY_LENGTH
}

export function isPublicKeyString(v: unknown): v is string {
  return isB64(v, PUBLIC_KEY_LENGTH)
}

function isMember(v: unknown): v is Member {
  return Array.isArray(v) && v.length === 2 && isIdentity(v[0]) && isPublicKeyString(v[1])
}

function isSealed(v: unknown): v is [string, string, string] {
  return Array.isArray(v) && v.length === 3 && isIdentity(v[0]) && isB64(v[1], IV_LENGTH) && isB64(v[2], SEALED_LENGTH)
}

/** True when members are strictly sorted by identity (hence also unique). */
export function isSortedMembers(members: readonly Member[]): boolean {
  for (let i = 1; i < members.length; i++) {
    if (compareIdentities(members[i - 1]![0], members[i]![0]) >= 0) return false
  }
  return true
}

/**
 * Parses a received message. It returns a reason instead of a message when
 * the bytes are not a well-formed message of this protocol version; it never throws.
 */
export function decodeMessage(bytes: Uint8Array): WireMessage | { invalid: string } {
  if (bytes.byteLength > MAX_MESSAGE_BYTES) return { invalid: 'message too large' }
  let raw: unknown
  try {
    raw = JSON.parse(decoder.decode(bytes))
  } catch {
    return { invalid: 'not JSON' }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { invalid: 'not an object' }
  const m = raw as Record<string, unknown>
  if (m.v !== 1) return { invalid: `unknown version ${String(m.v)}` }
  if (m.t === 'pk') {
    if (!isPublicKeyString(m.pk)) return { invalid: 'bad public key' }
    if (!isEpoch(m.epoch, 0)) return { invalid: 'bad epoch' }
    if (typeof m.reply !== 'boolean') return { invalid: 'bad reply flag' }
    return { v: 1, t: 'pk', pk: m.pk, reply: m.reply, epoch: m.epoch }
  }
  if (m.t === 'key') {
    if (!isEpoch(m.epoch, 1)) return { invalid: 'bad epoch' }
    if (!Array.isArray(m.members) || m.members.length < 2 || m.members.length > MAX_MEMBERS || !m.members.every(isMember)) {
      return { invalid: 'bad members' }
    }
    const members = m.members.map((x): Member => [x[0], x[1]])
    if (!isSortedMembers(members)) return { invalid: 'members not sorted or not unique' }
    if (!Array.isArray(m.sealed) || m.sealed.length > MAX_MEMBERS || !m.sealed.every(isSealed)) return { invalid: 'bad sealed keys' }
    const sealed = m.sealed.map((x): [string, string, string] => [x[0], x[1], x[2]])
    return { v: 1, t: 'key', epoch: m.epoch, members, sealed }
  }
  return { invalid: `unknown type ${String(m.t)}` }
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)
  const bin = atob(b64)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

/**
 * The canonical bytes of an epoch: what the frame key, the sealed secrets and
 * the verification code are bound to. `label` separates the uses.
 */
export function transcript(label: string, epoch: number, members: readonly Member[], extra: readonly string[] = []): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify([`${PROTOCOL}/${label}`, epoch, members, ...extra]))
}

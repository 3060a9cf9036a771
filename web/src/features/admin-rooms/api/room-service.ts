import { ApiError, parseProblem } from '@/lib/api-client'
import { clearSession, getSession } from '@/lib/session'

export interface LiveTrack {
  sid: string
  name: string
  type: 'AUDIO' | 'VIDEO' | 'DATA'
  source: string
  muted: boolean
  /**
   * How the publisher encrypts the track's frames end to end (livekit's
   * Encryption.Type): "NONE", "GCM" or "CUSTOM"; a number from servers
   * that send enums as numbers. The SFU only forwards what it is given.
   */
  encryption?: 'NONE' | 'GCM' | 'CUSTOM' | number
}

/** Whether a track's frames are encrypted end to end by its publisher. */
export function isEncrypted(track: Pick<LiveTrack, 'encryption'>): boolean {
  const e = track.encryption
  return e !== undefined && e !== 'NONE' && e !== 0
}

export interface LiveParticipant {
  sid: string
  identity: string
  name: string
  state: string
  joined_at: string
  tracks: LiveTrack[]
}

/** A Twirp error: `{code, msg}` with the code's HTTP status. */
export class RoomServiceError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, msg: string) {
    super(msg)
    this.name = 'RoomServiceError'
    this.status = status
    this.code = code
  }
}

export interface RoomServiceOptions {
  /** Returns a bearer token that administers the room. */
  getToken: (room: string) => Promise<string>
  fetchImpl?: typeof fetch
}

function isTwirpError(v: unknown): v is { code: string; msg: string } {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string' && typeof (v as { msg?: unknown }).msg === 'string'
}

export function createRoomService(opts: RoomServiceOptions) {
  async function call<T>(method: string, room: string, body: Record<string, unknown>): Promise<T> {
    const token = await opts.getToken(room)
    const res = await (opts.fetchImpl ?? fetch)(`/twirp/livekit.RoomService/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      parsed = undefined
    }
    if (!res.ok) {
      if (isTwirpError(parsed)) throw new RoomServiceError(res.status, parsed.code, parsed.msg)
      throw new RoomServiceError(res.status, 'unknown', text || `HTTP ${res.status}`)
    }
    return parsed as T
  }
  return {
    listParticipants: async (room: string) =>
      (await call<{ participants?: LiveParticipant[] }>('ListParticipants', room, { room })).participants ?? [],
    removeParticipant: (room: string, identity: string) => call<object>('RemoveParticipant', room, { room, identity }),
    muteTrack: (room: string, identity: string, trackSid: string) =>
      call<object>('MutePublishedTrack', room, { room, identity, track_sid: trackSid, muted: true }),
  }
}

export type RoomService = ReturnType<typeof createRoomService>

interface CachedToken {
  token: string
  expiresAt: number
}

/**
 * Tokens from POST /api/admin/rooms/token, cached per room until 15 s before
 * they expire.
 */
export function createAdminTokenSource(fetchImpl: typeof fetch = (...a) => fetch(...a), now: () => number = Date.now) {
  const cache = new Map<string, CachedToken>()
  return async function getToken(room: string): Promise<string> {
    const hit = cache.get(room)
    if (hit && hit.expiresAt - 15_000 > now()) return hit.token
    const access = getSession()?.accessToken
    const res = await fetchImpl('/api/admin/rooms/token', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, application/problem+json',
        ...(access ? { Authorization: `Bearer ${access}` } : {}),
      },
      body: JSON.stringify({ room }),
    })
    const body: unknown = await res.json().catch(() => undefined)
    if (!res.ok) {
      if (res.status === 401) clearSession()
      throw new ApiError(res.status, parseProblem(body))
    }
    const { token, expiresAt } = body as { token: string; expiresAt: string }
    cache.set(room, { token, expiresAt: Date.parse(expiresAt) })
    return token
  }
}

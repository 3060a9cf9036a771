import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { createAdminTokenSource, createRoomService, isEncrypted, RoomServiceError } from './room-service'

interface Seen {
  url: string
  init: RequestInit
}

function recorder(answer: (url: string) => Response) {
  const seen: Seen[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), init: init ?? {} })
    return answer(String(input))
  }) as typeof fetch
  return { seen, fetchImpl }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('room service client', () => {
  it('calls the Twirp JSON route with the room-scoped token', async () => {
    const { seen, fetchImpl } = recorder(() => json(200, { participants: [{ sid: 'PA_1', identity: 'ala', tracks: [] }] }))
    const rooms: string[] = []
    const svc = createRoomService({ getToken: async (room) => (rooms.push(room), `tok-${room}`), fetchImpl })
    const ps = await svc.listParticipants('call-1')
    expect(ps.map((p) => p.identity)).toEqual(['ala'])
    expect(rooms).toEqual(['call-1'])
    expect(seen[0]!.url).toBe('/twirp/livekit.RoomService/ListParticipants')
    expect(seen[0]!.init.method).toBe('POST')
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-call-1')
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ room: 'call-1' })

    await svc.muteTrack('call-1', 'ala', 'TR_1')
    expect(JSON.parse(String(seen[1]!.init.body))).toEqual({ room: 'call-1', identity: 'ala', track_sid: 'TR_1', muted: true })
  })

  it('turns Twirp errors into RoomServiceError', async () => {
    const { fetchImpl } = recorder(() => json(404, { code: 'not_found', msg: 'participant "bo" in room "r": participant not found' }))
    const svc = createRoomService({ getToken: async () => 't', fetchImpl })
    const err = await svc.removeParticipant('r', 'bo').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RoomServiceError)
    expect(err).toMatchObject({ status: 404, code: 'not_found' })
    expect((err as Error).message).toContain('participant not found')
  })
})

describe('admin token source', () => {
  it('caches a token per room until shortly before it expires', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z')
    let n = 0
    const { seen, fetchImpl } = recorder(() => json(200, { token: `t${++n}`, expiresAt: new Date(clock + 120_000).toISOString() }))
    const get = createAdminTokenSource(fetchImpl, () => clock)
    expect(await get('r')).toBe('t1')
    expect(await get('r')).toBe('t1')
    expect(await get('q')).toBe('t2')
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ room: 'r' })
    expect(JSON.parse(String(seen[1]!.init.body))).toEqual({ room: 'q' })
    clock += 110_000
    expect(await get('r')).toBe('t3')
  })

  it('reports the problem when the account is not an admin', async () => {
    const { fetchImpl } = recorder(() => json(403, { title: 'Forbidden', status: 403, detail: 'your account does not have the admin2 scope needed here' }))
    const err = await createAdminTokenSource(fetchImpl)('r').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 403 })
  })
})

describe('isEncrypted', () => {
  it('reads livekit\'s Encryption.Type by name or number', () => {
    expect(isEncrypted({ encryption: 'GCM' })).toBe(true)
    expect(isEncrypted({ encryption: 'CUSTOM' })).toBe(true)
    expect(isEncrypted({ encryption: 1 })).toBe(true)
    expect(isEncrypted({ encryption: 'NONE' })).toBe(false)
    expect(isEncrypted({ encryption: 0 })).toBe(false)
    expect(isEncrypted({})).toBe(false)
  })
})

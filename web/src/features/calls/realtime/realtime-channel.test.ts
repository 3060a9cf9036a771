import { describe, expect, it, vi } from 'vitest'
import type { Socket } from 'socket.io-client'
import { eventBus } from './event-bus'
import { asCallMessage, buildEnvelope, parseReceived, toChannelName, toRoomName } from './messages'
import { MAX_RECONNECT_ATTEMPTS, RealtimeChannel } from './realtime-channel'

class FakeSocket {
  handlers = new Map<string, (...a: unknown[]) => void>()
  anyHandler: ((ev: string, ...a: unknown[]) => void) | null = null
  emitted: [string, unknown][] = []
  io = { on: vi.fn(), removeAllListeners: vi.fn() }
  on(ev: string, h: (...a: unknown[]) => void) {
    this.handlers.set(ev, h)
    return this
  }
  onAny(h: (ev: string, ...a: unknown[]) => void) {
    this.anyHandler = h
    return this
  }
  emit(ev: string, payload: unknown) {
    this.emitted.push([ev, payload])
    return this
  }
  removeAllListeners() {
    return this
  }
  disconnect() {
    this.handlers.get('disconnect')?.('io client disconnect')
    return this
  }
  fire(ev: string, ...args: unknown[]) {
    this.handlers.get(ev)?.(...args)
    this.anyHandler?.(ev, ...args)
  }
}

function setup(token: string | null = 'api-token') {
  const sock = new FakeSocket()
  const factory = vi.fn((_uri: string, _opts: Record<string, unknown>) => sock as unknown as Socket)
  const ch = new RealtimeChannel('personal', { getToken: () => token, loadIo: async () => factory, origin: 'http://souk.test' })
  return { sock, factory, ch }
}

describe('RealtimeChannel', () => {
  it('is not created without an API token', async () => {
    const { ch, factory } = setup(null)
    expect(await ch.connect('u1')).toBe(false)
    expect(factory).not.toHaveBeenCalled()
    expect(ch.get().state).toBe('disconnected')
  })

  it('connects over websocket, falling back to polling, with the token and at most 30 reconnect attempts, then joins room_<id>', async () => {
    const { ch, factory, sock } = setup()
    await ch.connect('u1')
    expect(ch.get().state).toBe('connecting')
    const opts = factory.mock.calls[0]![1]
    expect(opts).toMatchObject({ path: '/socket.io/', transports: ['websocket', 'polling'], tryAllTransports: true, query: { token: 'api-token' }, reconnectionAttempts: MAX_RECONNECT_ATTEMPTS })
    expect(MAX_RECONNECT_ATTEMPTS).toBe(30)
    sock.fire('connect')
    expect(ch.get().state).toBe('connected')
    expect(sock.emitted).toContainEqual(['join-room', 'room_u1'])
  })

  it('only warns when sending while disconnected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { ch, sock } = setup()
    await ch.connect('u1')
    expect(ch.send('u2', { hello: 1 })).toBe(false)
    expect(warn).toHaveBeenCalledWith('Socket not connected')
    expect(sock.emitted.some(([ev]) => ev === 'AuctionStreamAdapter_BROADCAST')).toBe(false)
    sock.fire('connect')
    expect(ch.send('room_u2', { hello: 1 }, 'w-1')).toBe(true)
    expect(sock.emitted).toContainEqual(['AuctionStreamAdapter_BROADCAST', { SocketIOUniqueChannelName: 'u2', data: '{"hello":1}', wrapperId: 'w-1' }])
    warn.mockRestore()
  })

  it('keeps received messages, republishes them and removes them by wrapperId', async () => {
    const { ch, sock } = setup()
    const seen: unknown[] = []
    const off = eventBus.on('ws-parsed', (v) => seen.push(v))
    await ch.connect('u1')
    const data = JSON.stringify({ type: 'callInvitation', from: 'u2', roomName: 'call-1', messageId: 'm1' })
    sock.fire('room-message', JSON.stringify({ room: 'room_u1', sourcesrv: 'srv-a', wrapperId: 'w-9', data }))
    expect(ch.get().messages).toHaveLength(1)
    expect(seen).toHaveLength(1)
    expect(asCallMessage(ch.get().messages[0]!)).toEqual({ type: 'callInvitation', from: 'u2', roomName: 'call-1', messageId: 'm1' })
    ch.removeMessage('w-9')
    expect(ch.get().messages).toHaveLength(0)
    off()
  })

  it('keeps the latest state of each call from call-state and ALLEMITER_ notices', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const { ch, sock } = setup()
    await ch.connect('u1')
    sock.fire('call-state', { type: 'callState', roomName: 'call-1', state: 'ringing', userId: 'u2' })
    sock.fire('call-state', { type: 'callState', roomName: 'call-1', state: 'accepted', userId: 'u1' })
    sock.fire('ALLEMITER_call-2', { type: 'callState', roomName: 'call-2', state: 'expired', userId: '' })
    sock.fire('call-state', { type: 'callState', roomName: 'call-3', state: 'exploded' })
    expect(ch.get().calls).toEqual({
      'call-1': { roomName: 'call-1', state: 'accepted', userId: 'u1' },
      'call-2': { roomName: 'call-2', state: 'expired', userId: '' },
    })
    info.mockRestore()
  })

  it('waits up to the given number of checks for a connection', async () => {
    vi.useFakeTimers()
    const { ch, sock } = setup()
    await ch.connect('u1')
    const waiting = ch.waitConnected(20, 400)
    await vi.advanceTimersByTimeAsync(1200)
    sock.fire('connect')
    await vi.advanceTimersByTimeAsync(400)
    expect(await waiting).toBe(true)
    const never = setup()
    await never.ch.connect('u3')
    const failing = never.ch.waitConnected(20, 400)
    await vi.advanceTimersByTimeAsync(20 * 400)
    expect(await failing).toBe(false)
    vi.useRealTimers()
  })
})

describe('messages', () => {
  it('prefixes room names and strips the prefix for the broadcast channel', () => {
    expect(toRoomName('abc')).toBe('room_abc')
    expect(toRoomName('room_abc')).toBe('room_abc')
    expect(toChannelName('room_abc')).toBe('abc')
    expect(buildEnvelope('room_abc', { a: 1 }).wrapperId).toMatch(/.+/)
  })

  it("names the caller by the server's senderName, never by the sender's own fromName", () => {
    const data = JSON.stringify({ type: 'callInvitation', from: 'u2', roomName: 'call-1', messageId: 'm1', fromName: 'Your Bank' })
    const signed = parseReceived(JSON.stringify({ wrapperId: 'w', senderName: 'Ala Nowak', data }))!
    expect(asCallMessage(signed)).toMatchObject({ from: 'u2', fromName: 'Ala Nowak' })
    const unsigned = parseReceived(JSON.stringify({ wrapperId: 'w', data }))!
    expect(asCallMessage(unsigned)?.fromName).toBeUndefined()
  })

  it('sets data to null when absent or not JSON', () => {
    expect(parseReceived(JSON.stringify({ wrapperId: 'w' }))).toMatchObject({ wrapperId: 'w', data: null })
    expect(parseReceived({ wrapperId: 'w', data: 'not json' })).toMatchObject({ data: null })
    expect(parseReceived('garbage')).toBeNull()
  })
})

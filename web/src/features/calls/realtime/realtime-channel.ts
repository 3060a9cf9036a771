import type { Socket } from 'socket.io-client'
import { eventBus } from './event-bus'
import { buildEnvelope, parseCallState, parseReceived, toRoomName, type CallStateNotice, type ReceivedMessage } from './messages'

export type ChannelState = 'connecting' | 'connected' | 'disconnected'
export type ChannelLabel = 'personal' | 'conference'

export const MAX_RECONNECT_ATTEMPTS = 30
export const WAIT_CHECKS = 20
export const WAIT_INTERVAL_MS = 400

/**
 * The transports the channel tries, in order: WebSocket, then long-polling
 * when the WebSocket cannot open (tryAllTransports, socket.io-client 4.8).
 * Once on polling the client still tries to upgrade, and stays on polling
 * if the upgrade is refused.
 */
export const REALTIME_TRANSPORTS = { transports: ['websocket', 'polling'], tryAllTransports: true } as const

type IoFactory = (uri: string, opts: Record<string, unknown>) => Socket

const LOG_PREFIXES = ['EMITER_', 'BEMITER_', 'REMITER_', 'ALLEMITER_', 'EEMITER_']

async function defaultIo(): Promise<IoFactory> {
  // Loaded on first use so pages without calls never download the socket library.
  const mod = await import('socket.io-client')
  return mod.io as unknown as IoFactory
}

export interface ChannelSnapshot {
  state: ChannelState
  room: string | null
  messages: ReceivedMessage[]
  /** The latest state of each call this channel heard about, by room name. */
  calls: Record<string, CallStateNotice>
}

/**
 * One Socket.IO connection joined to one server room. The personal channel
 * is joined to the user's room, the conference channel to the current call room.
 */
export class RealtimeChannel {
  private socket: Socket | null = null
  private snapshot: ChannelSnapshot = { state: 'disconnected', room: null, messages: [], calls: {} }
  private listeners = new Set<() => void>()
  private readonly label: ChannelLabel
  private readonly getToken: () => string | null
  private readonly loadIo: () => Promise<IoFactory>
  private readonly origin: string

  constructor(label: ChannelLabel, opts: { getToken: () => string | null; loadIo?: () => Promise<IoFactory>; origin?: string }) {
    this.label = label
    this.getToken = opts.getToken
    this.loadIo = opts.loadIo ?? defaultIo
    this.origin = opts.origin ?? window.location.origin
  }

  get = (): ChannelSnapshot => this.snapshot

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }

  private update(patch: Partial<ChannelSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch }
    for (const l of this.listeners) l()
  }

  /** Connects (or moves) the channel to `channel`. Without an API token nothing is created. */
  async connect(channel: string): Promise<boolean> {
    const token = this.getToken()
    if (!token) return false
    const room = toRoomName(channel)
    if (this.socket && this.snapshot.room === room && this.snapshot.state !== 'disconnected') return true
    if (this.socket && this.snapshot.state === 'connected') {
      // Same connection, another room: leave nothing behind but the new join.
      this.update({ room })
      this.socket.emit('join-room', room)
      return true
    }
    this.disconnect()
    this.update({ state: 'connecting', room })
    const io = await this.loadIo()
    const socket = io(this.origin, {
      path: '/socket.io/',
      // WebSocket first; where a proxy or firewall refuses the upgrade,
      // the same connection attempt goes on over HTTP long-polling.
      ...REALTIME_TRANSPORTS,
      query: { token },
      forceNew: true,
      reconnection: true,
      reconnectionAttempts: MAX_RECONNECT_ATTEMPTS,
    })
    this.socket = socket
    socket.on('connect', () => {
      this.update({ state: 'connected' })
      if (this.snapshot.room) socket.emit('join-room', this.snapshot.room)
    })
    socket.on('disconnect', (reason: string) => {
      console.info(`[${this.label}] disconnected: ${reason}`)
      this.update({ state: 'disconnected' })
    })
    socket.on('connect_error', (err: Error) => {
      console.info(`[${this.label}] connect error: ${err.message}`)
    })
    socket.io.on('reconnect_attempt', (n: number) => {
      console.info(`[${this.label}] reconnect attempt ${n}/${MAX_RECONNECT_ATTEMPTS}`)
      this.update({ state: 'connecting' })
    })
    socket.io.on('reconnect_failed', () => {
      console.info(`[${this.label}] gave up after ${MAX_RECONNECT_ATTEMPTS} attempts`)
      this.update({ state: 'disconnected' })
    })
    socket.on('room-message', (raw: unknown) => this.receive(raw))
    socket.on('room-message-log', (raw: unknown) => {
      eventBus.emit('socket-message', { value: this.label === 'personal' ? 'persfRoom' : 'confRoom', raw })
    })
    socket.on('chatMessage', (raw: unknown) => console.info(`[${this.label}] chatMessage`, raw))
    // Every device of both people hears how a call stands: answered
    // elsewhere, cancelled, or nobody answered.
    socket.on('call-state', (raw: unknown) => this.callState(raw))
    socket.onAny((event: string, ...args: unknown[]) => {
      if (LOG_PREFIXES.some((p) => event.startsWith(p))) console.info(`[${this.label}] ${event}`, ...args)
      if (event.startsWith('ALLEMITER_')) this.callState(args[0])
    })
    return true
  }

  receive(raw: unknown): void {
    const msg = parseReceived(raw)
    if (!msg) return
    this.update({ messages: [...this.snapshot.messages, msg] })
    eventBus.emit('ws-parsed', msg)
  }

  callState(raw: unknown): void {
    const notice = parseCallState(raw)
    if (!notice) return
    this.update({ calls: { ...this.snapshot.calls, [notice.roomName]: notice } })
    eventBus.emit('call-state', notice)
  }

  removeMessage(wrapperId: string): void {
    this.update({ messages: this.snapshot.messages.filter((m) => m.wrapperId !== wrapperId) })
  }

  /** Broadcasts `payload` to `channel`; while disconnected it only warns. */
  send(channel: string, payload: unknown, wrapperId?: string): boolean {
    if (!this.socket || this.snapshot.state !== 'connected') {
      console.warn('Socket not connected')
      return false
    }
    this.socket.emit('AuctionStreamAdapter_BROADCAST', buildEnvelope(channel, payload, wrapperId))
    return true
  }

  async waitConnected(checks = WAIT_CHECKS, intervalMs = WAIT_INTERVAL_MS): Promise<boolean> {
    for (let i = 0; i < checks; i++) {
      if (this.snapshot.state === 'connected') return true
      await new Promise((r) => setTimeout(r, intervalMs))
    }
    return this.snapshot.state === 'connected'
  }

  disconnect(): void {
    if (this.socket) {
      this.socket.removeAllListeners()
      this.socket.io.removeAllListeners()
      this.socket.disconnect()
      this.socket = null
    }
    if (this.snapshot.state !== 'disconnected') this.update({ state: 'disconnected' })
  }
}

// The key agreement of an encrypted call, independent of LiveKit: it talks to
// the other browsers through a small transport and hands each epoch's frame
// key to a sink. The protocol is described in README.md next to this file.
import type { CallEncryptionState } from './types'
import {
  compareIdentities,
  decodeMessage,
  encodeMessage,
  fromBase64Url,
  isPublicKeyString,
  toBase64Url,
  transcript,
  MAX_MEMBERS,
  type KeyMessage,
  type Member,
} from './wire'

/** How the agreement reaches the other participants of the call. */
export interface AgreementTransport {
  /** Identities of the other participants now in the call. */
  participants(): string[]
  /** Called with the new list whenever someone joins or leaves. */
  onMembership(handler: (identities: string[]) => void): () => void
  /** Sends reliably to the given identities, or to everyone when `to` is absent. */
  send(bytes: Uint8Array<ArrayBuffer>, to?: string[]): Promise<void>
  /** Delivers messages of the agreement with the sender's identity as the server reports it. */
  onMessage(handler: (from: string, bytes: Uint8Array) => void): () => void
}

/** Where each epoch's frame key goes (livekit-client's key provider in a browser). */
export interface FrameKeySink {
  setFrameKey(key: ArrayBuffer, keyIndex: number): void | Promise<void>
}

export interface Logger {
  warn(message: string, ...details: unknown[]): void
}

export interface KeyAgreementOptions {
  identity: string
  transport: AgreementTransport
  sink: FrameKeySink
  onState?: (state: CallEncryptionState) => void
  /** The leader waits this long after a membership change before it starts an epoch, so a burst of changes makes one epoch. */
  rekeyDelayMs?: number
  /**
   * Alone among participants who have not announced a key yet (just joined),
   * the leader waits this long before an epoch of its own, as they usually
   * announce within a round trip and lead themselves.
   */
  soloGraceMs?: number
  /** While someone present has not announced a key, the announcement is repeated this often, at most `announceAttempts` times. */
  announceIntervalMs?: number
  announceAttempts?: number
  /** Size of the receiver's key ring: the key index of epoch n is n modulo this. */
  keyringSize?: number
  logger?: Logger
}

const DEFAULTS = { rekeyDelayMs: 150, soloGraceMs: 2000, announceIntervalMs: 3000, announceAttempts: 5, keyringSize: 16 }
const MAX_PENDING = 8

const encoder = new TextEncoder()
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('WebCrypto is not available (a secure context is needed)')
  return s
}

function membersKey(members: readonly Member[]): string {
  return JSON.stringify(members)
}

/** 12 decimal digits in three groups of four, from the first 8 bytes of a SHA-256 digest. */
async function verificationCode(epoch: number, members: readonly Member[]): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', transcript('code', epoch, members)))
  let n = 0n
  for (let i = 0; i < 8; i++) n = (n << 8n) | BigInt(digest[i]!)
  const digits = (n % 10n ** 12n).toString().padStart(12, '0')
  return `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8, 12)}`
}

/** The 32-byte frame key of an epoch, from the group secret. */
async function frameKey(secret: Uint8Array<ArrayBuffer>, epoch: number, members: readonly Member[]): Promise<ArrayBuffer> {
  const ikm = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveBits'])
  return subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(`souk-e2ee/v1/frame-salt`), info: transcript('frame', epoch, members) },
    ikm,
    256,
  )
}

interface Peer {
  publicKey: string
  key: CryptoKey
}

/**
 * One browser's side of the agreement. Call `start` once; `stop` ends it
 * for good (listeners removed, timers cleared, pending work dropped).
 */
export class KeyAgreement {
  private readonly opts: Required<Omit<KeyAgreementOptions, 'onState'>> & Pick<KeyAgreementOptions, 'onState'>
  private state: CallEncryptionState = { status: 'negotiating', code: null, participants: [] }
  private stopped = false
  private queue: Promise<void> = Promise.resolve()
  private disposers: (() => void)[] = []
  private rekeyTimer: ReturnType<typeof setTimeout> | undefined
  private announceTimer: ReturnType<typeof setInterval> | undefined

  private ownKeys: CryptoKeyPair | undefined
  private ownPublic = ''
  /** identities now in the call (others) */
  private present = new Set<string>()
  /** announced public keys, by identity */
  private peers = new Map<string, Peer>()
  /** AES-GCM keys shared with one peer, by identity and public key */
  private pairKeys = new Map<string, CryptoKey>()
  private announcements = new Map<string, number>()
  /** the highest epoch this browser has used or accepted, from any leader */
  private highestEpoch = 0
  /** key messages that name a membership this browser does not see yet */
  private pending: { from: string; msg: KeyMessage }[] = []
  /** the epoch, leader and membership of the frame key in use */
  private current: { epoch: number; leader: string; members: string } | undefined

  constructor(options: KeyAgreementOptions) {
    this.opts = { ...DEFAULTS, logger: console, ...options }
  }

  getState(): CallEncryptionState {
    return this.state
  }

  /** This browser's public key (base64url), once started. */
  get publicKey(): string {
    return this.ownPublic
  }

  async start(): Promise<void> {
    const { transport } = this.opts
    try {
      // The private key cannot be exported; the public key always can.
      this.ownKeys = await subtle().generateKey(ECDH, false, ['deriveBits'])
      this.ownPublic = toBase64Url(new Uint8Array(await subtle().exportKey('raw', this.ownKeys.publicKey)))
    } catch (err) {
      this.setState({ status: 'failed', code: null, participants: [], error: err instanceof Error ? err.message : String(err) })
      return
    }
    if (this.stopped) return
    // Listen before announcing, so no answer to the announcement is missed.
    this.disposers.push(transport.onMessage((from, bytes) => this.enqueue(() => this.receive(from, bytes))))
    this.disposers.push(transport.onMembership((ids) => this.enqueue(() => this.membership(ids))))
    this.setState({ status: 'negotiating', code: null, participants: [this.opts.identity] })
    this.enqueue(async () => {
      this.present = new Set(transport.participants().filter((id) => id !== this.opts.identity))
      this.announce()
      await this.viewChanged()
    })
    this.announceTimer = setInterval(() => this.enqueue(() => this.reannounce()), this.opts.announceIntervalMs)
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.rekeyTimer)
    clearInterval(this.announceTimer)
    for (const d of this.disposers.splice(0)) d()
    this.pending = []
  }

  /** Runs protocol steps one at a time; a failing step is logged, never thrown to the caller. */
  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.stopped ? undefined : step()))
      .catch((err: unknown) => this.opts.logger.warn('e2ee: protocol step failed', err))
  }

  private setState(next: CallEncryptionState): void {
    const same =
      next.status === this.state.status &&
      next.code === this.state.code &&
      next.error === this.state.error &&
      next.participants.join('\n') === this.state.participants.join('\n')
    if (same) return
    this.state = next
    this.opts.onState?.(next)
  }

  /**
   * Sends without waiting for delivery: livekit's publishData may wait for
   * the publisher connection, and incoming messages must not queue behind it.
   */
  private send(bytes: Uint8Array<ArrayBuffer>, to?: string[]): void {
    const warn = (err: unknown) => this.opts.logger.warn('e2ee: sending failed', err)
    try {
      this.opts.transport.send(bytes, to).catch(warn)
    } catch (err) {
      warn(err)
    }
  }

  private announce(to?: string[], reply = false): void {
    this.send(encodeMessage({ v: 1, t: 'pk', pk: this.ownPublic, reply, epoch: this.highestEpoch }), to)
  }

  /** Repeats the announcement to those present who have not announced a key, a few times. */
  private async reannounce(): Promise<void> {
    const silent = [...this.present].filter((id) => !this.peers.has(id) && (this.announcements.get(id) ?? 0) < this.opts.announceAttempts)
    if (silent.length === 0) return
    for (const id of silent) this.announcements.set(id, (this.announcements.get(id) ?? 0) + 1)
    this.announce(silent)
  }

  /** The members as this browser sees them: itself and everyone present who announced a key, sorted. */
  private view(): Member[] {
    const members: Member[] = [[this.opts.identity, this.ownPublic]]
    for (const id of this.present) {
      const p = this.peers.get(id)
      if (p) members.push([id, p.publicKey])
    }
    return members.sort((a, b) => compareIdentities(a[0], b[0]))
  }

  private async membership(ids: string[]): Promise<void> {
    const next = new Set(ids.filter((id) => id !== this.opts.identity))
    const joined = [...next].filter((id) => !this.present.has(id))
    for (const id of this.present) {
      if (!next.has(id)) {
        // Someone who comes back announces a new key.
        this.peers.delete(id)
        this.announcements.delete(id)
      }
    }
    this.present = next
    if (joined.length > 0) this.announce(joined)
    await this.viewChanged()
  }

  private async receive(from: string, bytes: Uint8Array): Promise<void> {
    const msg = decodeMessage(bytes)
    if ('invalid' in msg) {
      this.opts.logger.warn(`e2ee: ignored a message from ${from}: ${msg.invalid}`)
      return
    }
    if (from === this.opts.identity) return
    if (msg.t === 'pk') {
      this.highestEpoch = Math.max(this.highestEpoch, msg.epoch)
      // The sender may have forgotten our key (it saw us leave and come back), so every announcement gets an answer.
      if (!msg.reply) this.announce([from], true)
      await this.peerKey(from, msg.pk)
      return
    }
    await this.keyMessage(from, msg)
  }

  private async peerKey(from: string, publicKey: string): Promise<void> {
    const known = this.peers.get(from)
    if (known?.publicKey === publicKey) return
    let key: CryptoKey
    try {
      // Import checks that the point is on the curve.
      key = await subtle().importKey('raw', fromBase64Url(publicKey), ECDH, true, [])
    } catch (err) {
      this.opts.logger.warn(`e2ee: ignored an invalid public key from ${from}`, err)
      return
    }
    this.peers.set(from, { publicKey, key })
    await this.viewChanged()
  }

  /** Recomputes who the members are; the leader starts an epoch, the others look at pending key messages. */
  private async viewChanged(): Promise<void> {
    const view = this.view()
    const key = membersKey(view)
    if (this.current?.members === key) {
      clearTimeout(this.rekeyTimer)
      this.rekeyTimer = undefined
      return
    }
    if (this.stopped) return
    this.setState({ status: 'negotiating', code: null, participants: view.map((m) => m[0]) })
    if (view[0]![0] === this.opts.identity) {
      clearTimeout(this.rekeyTimer)
      const delay = view.length === 1 && this.present.size > 0 ? this.opts.soloGraceMs : this.opts.rekeyDelayMs
      this.rekeyTimer = setTimeout(() => this.enqueue(() => this.rekey()), delay)
      return
    }
    clearTimeout(this.rekeyTimer)
    this.rekeyTimer = undefined
    const waiting = this.pending
    this.pending = []
    for (const p of waiting) await this.keyMessage(p.from, p.msg)
  }

  private async pairKey(identity: string, peer: Peer): Promise<CryptoKey> {
    const cacheKey = `${identity}\n${peer.publicKey}`
    const cached = this.pairKeys.get(cacheKey)
    if (cached) return cached
    if (!this.ownKeys) throw new Error('no key pair')
    const shared = await subtle().deriveBits({ name: 'ECDH', public: peer.key }, this.ownKeys.privateKey, 256)
    const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey'])
    const pair: Member[] = [
      [this.opts.identity, this.ownPublic],
      [identity, peer.publicKey],
    ]
    pair.sort((a, b) => compareIdentities(a[0], b[0]))
    const key = await subtle().deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('souk-e2ee/v1/pair-salt'), info: transcript('pair', 0, pair) },
      ikm,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    )
    this.pairKeys.set(cacheKey, key)
    return key
  }

  /** As leader: a new group secret for the current view, sealed to each member. */
  private async rekey(): Promise<void> {
    this.rekeyTimer = undefined
    const members = this.view()
    if (members[0]![0] !== this.opts.identity || this.current?.members === membersKey(members)) return
    if (members.length > MAX_MEMBERS) {
      this.setState({ status: 'failed', code: null, participants: members.map((m) => m[0]), error: `more than ${MAX_MEMBERS} participants` })
      return
    }
    const epoch = this.highestEpoch + 1
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const sealed: KeyMessage['sealed'] = []
    for (const [id] of members.slice(1)) {
      const peer = this.peers.get(id)
      if (!peer) return
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const ct = await subtle().encrypt(
        { name: 'AES-GCM', iv, additionalData: transcript('seal', epoch, members, [id]) },
        await this.pairKey(id, peer),
        secret,
      )
      sealed.push([id, toBase64Url(iv), toBase64Url(new Uint8Array(ct))])
    }
    if (this.stopped) return
    if (sealed.length > 0) this.send(encodeMessage({ v: 1, t: 'key', epoch, members, sealed }), sealed.map((s) => s[0]))
    await this.install(epoch, members, secret)
  }

  /** As member: opens the leader's sealed secret when the message names exactly the members this browser sees. */
  private async keyMessage(from: string, msg: KeyMessage): Promise<void> {
    const leader = msg.members[0]![0]
    if (from !== leader) {
      this.opts.logger.warn(`e2ee: ignored a key message from ${from} naming ${leader} as leader`)
      return
    }
    const me = msg.members.find((m) => m[0] === this.opts.identity)
    if (!me || me[1] !== this.ownPublic) {
      this.opts.logger.warn(`e2ee: ignored a key message of epoch ${msg.epoch} that is not for this key`)
      return
    }
    if (!this.isNewer(msg.epoch, leader)) {
      this.opts.logger.warn(`e2ee: ignored an old key message (epoch ${msg.epoch}) from ${from}`)
      return
    }
    const view = this.view()
    if (membersKey(view) !== membersKey(msg.members)) {
      // Our view may lag behind the leader's; look again when it changes.
      this.pending = [...this.pending.filter((p) => !(p.from === from && p.msg.epoch <= msg.epoch)), { from, msg }].slice(-MAX_PENDING)
      return
    }
    const box = msg.sealed.find((s) => s[0] === this.opts.identity)
    const peer = this.peers.get(leader)
    if (!box || !peer) {
      this.opts.logger.warn(`e2ee: key message of epoch ${msg.epoch} has nothing sealed for this browser`)
      return
    }
    let secret: Uint8Array<ArrayBuffer>
    try {
      secret = new Uint8Array(
        await subtle().decrypt(
          { name: 'AES-GCM', iv: fromBase64Url(box[1]), additionalData: transcript('seal', msg.epoch, msg.members, [this.opts.identity]) },
          await this.pairKey(leader, peer),
          fromBase64Url(box[2]),
        ),
      )
    } catch {
      this.opts.logger.warn(`e2ee: could not open the secret of epoch ${msg.epoch} from ${from}`)
      return
    }
    if (secret.byteLength !== 32 || this.stopped) return
    await this.install(msg.epoch, msg.members, secret)
  }

  /**
   * Epochs only move forward, so an old key message cannot be replayed. Two
   * browsers that both believed they led for a moment may use the same epoch;
   * the smaller identity wins, as it does in every view that has both.
   */
  private isNewer(epoch: number, leader: string): boolean {
    const cur = this.current
    if (!cur) return true
    return epoch > cur.epoch || (epoch === cur.epoch && compareIdentities(leader, cur.leader) < 0)
  }

  private async install(epoch: number, members: readonly Member[], secret: Uint8Array<ArrayBuffer>): Promise<void> {
    const key = await frameKey(secret, epoch, members)
    const code = members.length > 1 ? await verificationCode(epoch, members) : null
    if (this.stopped) return
    await this.opts.sink.setFrameKey(key, epoch % this.opts.keyringSize)
    this.highestEpoch = Math.max(this.highestEpoch, epoch)
    this.current = { epoch, leader: members[0]![0], members: membersKey(members) }
    this.pending = this.pending.filter((p) => this.isNewer(p.msg.epoch, p.from))
    this.setState({ status: 'encrypted', code, participants: members.map((m) => m[0]) })
  }
}

export { isPublicKeyString }

// An in-memory call for tests of the key agreement: participants join and
// leave, messages are delivered asynchronously to their destinations, and a
// tap sees (and may rewrite) everything the "server" relays.
import { KeyAgreement, type AgreementTransport, type KeyAgreementOptions, type Logger } from './key-agreement'
import type { CallEncryptionState } from './types'

interface Node {
  onMessage: Set<(from: string, bytes: Uint8Array) => void>
  onMembership: Set<(ids: string[]) => void>
}

export interface Relayed {
  from: string
  to: string
  bytes: Uint8Array
}

export class TestNetwork {
  private nodes = new Map<string, Node>()
  private hidden = new Set<string>()
  /** every delivered message, as the server saw it */
  readonly relayed: Relayed[] = []
  /** lets a test rewrite what the server relays; return null to drop */
  rewrite: (m: Relayed) => Uint8Array | null = (m) => m.bytes
  /** how long a message takes to arrive */
  latencyMs = 0

  join(identity: string): AgreementTransport {
    const node: Node = { onMessage: new Set(), onMembership: new Set() }
    this.nodes.set(identity, node)
    this.membershipChanged()
    return {
      participants: () => this.others(identity),
      onMembership: (h) => {
        node.onMembership.add(h)
        return () => node.onMembership.delete(h)
      },
      onMessage: (h) => {
        node.onMessage.add(h)
        return () => node.onMessage.delete(h)
      },
      send: async (bytes, to) => {
        if (this.nodes.get(identity) !== node) throw new Error(`${identity} is not in the call`)
        for (const dest of to ?? this.others(identity)) this.deliver(identity, dest, bytes)
      },
    }
  }

  leave(identity: string): void {
    this.nodes.delete(identity)
    this.membershipChanged()
  }

  /**
   * Everyone but `identity` sees it leave and come back, as after a full
   * reconnection; its own side notices nothing.
   */
  blip(identity: string, awayMs: number): void {
    this.hidden.add(identity)
    this.membershipChanged()
    setTimeout(() => {
      this.hidden.delete(identity)
      this.membershipChanged()
    }, awayMs)
  }

  /** Number of handlers a participant still has registered. */
  handlers(identity: string): number {
    const n = this.nodes.get(identity)
    return n ? n.onMessage.size + n.onMembership.size : 0
  }

  /** Delivers bytes as if `from` had sent them to `to`. */
  deliver(from: string, to: string, bytes: Uint8Array): void {
    setTimeout(() => {
      const node = this.nodes.get(to)
      if (!node) return
      const m = { from, to, bytes: bytes.slice() }
      const out = this.rewrite(m)
      if (out === null) return
      this.relayed.push({ ...m, bytes: out })
      for (const h of node.onMessage) h(from, out)
    }, this.latencyMs)
  }

  private others(identity: string): string[] {
    return [...this.nodes.keys()].filter((id) => id !== identity && !this.hidden.has(id))
  }

  private membershipChanged(): void {
    setTimeout(() => {
      for (const [id, node] of this.nodes) for (const h of node.onMembership) h(this.others(id))
    }, 0)
  }
}

export interface TestParticipant {
  identity: string
  agreement: KeyAgreement
  keys: { key: Uint8Array; index: number }[]
  states: CallEncryptionState[]
  warnings: string[]
  /** the frame key in use, as hex */
  key(): string | undefined
  state(): CallEncryptionState
}

export const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('')

export async function participant(net: TestNetwork, identity: string, options: Partial<KeyAgreementOptions> = {}): Promise<TestParticipant> {
  const keys: { key: Uint8Array; index: number }[] = []
  const states: CallEncryptionState[] = []
  const warnings: string[] = []
  const logger: Logger = { warn: (msg) => warnings.push(msg) }
  const agreement = new KeyAgreement({
    identity,
    transport: net.join(identity),
    sink: { setFrameKey: (key, index) => void keys.push({ key: new Uint8Array(key), index }) },
    onState: (s) => states.push(s),
    rekeyDelayMs: 5,
    soloGraceMs: 50,
    announceIntervalMs: 50,
    logger,
    ...options,
  })
  await agreement.start()
  return {
    identity,
    agreement,
    keys,
    states,
    warnings,
    key: () => {
      const last = keys.at(-1)
      return last && hex(last.key)
    },
    state: () => agreement.getState(),
  }
}

import { EventEmitter } from 'events'
import { RoomEvent, type Room } from 'livekit-client'
import { describe, expect, it, vi } from 'vitest'
import { createCallEncryption } from './call-encryption'
import type { CallEncryption, CallEncryptionState } from './types'
import { TOPIC } from './wire'

const WAIT = { timeout: 15_000, interval: 10 }
const EVENTS = [RoomEvent.DataReceived, RoomEvent.ParticipantConnected, RoomEvent.ParticipantDisconnected, RoomEvent.EncryptionError]

/** Just enough of a livekit-client Room, linked to the other rooms of the same call. */
class FakeRoom extends EventEmitter {
  readonly remoteParticipants = new Map<string, { identity: string }>()
  readonly sent: { bytes: Uint8Array; topic?: string; to?: string[] }[] = []
  readonly localParticipant: { identity: string; publishData: (bytes: Uint8Array, o: { topic?: string; destinationIdentities?: string[] }) => Promise<void> }

  constructor(
    private readonly call: FakeRoom[],
    identity: string,
  ) {
    super()
    this.localParticipant = {
      identity,
      publishData: async (bytes, o) => {
        this.sent.push({ bytes, topic: o.topic, to: o.destinationIdentities })
        for (const other of this.call) {
          if (other === this) continue
          const to = o.destinationIdentities
          if (to && to.length > 0 && !to.includes(other.localParticipant.identity)) continue
          const sender = other.remoteParticipants.get(identity)
          setTimeout(() => other.emit(RoomEvent.DataReceived, bytes.slice(), sender, undefined, o.topic), 0)
        }
      },
    }
    for (const other of call) {
      other.remoteParticipants.set(identity, { identity })
      this.remoteParticipants.set(other.localParticipant.identity, { identity: other.localParticipant.identity })
      other.emit(RoomEvent.ParticipantConnected, { identity })
    }
    call.push(this)
  }

  asRoom(): Room {
    return this as unknown as Room
  }

  listenerTotal(): number {
    return EVENTS.reduce((n, ev) => n + this.listenerCount(ev), 0)
  }
}

function fakeWorker(): Worker {
  return { postMessage: vi.fn(), terminate: vi.fn() } as unknown as Worker
}

function encryption(identity: string, supported = true): { enc: CallEncryption; states: CallEncryptionState[]; warn: ReturnType<typeof vi.fn> } {
  const warn = vi.fn()
  const enc = createCallEncryption({ identity, supported, createWorker: fakeWorker, logger: { warn } })
  const states: CallEncryptionState[] = []
  enc.subscribe((s) => states.push(s))
  return { enc, states, warn }
}

describe('createCallEncryption', () => {
  it('agrees on a frame key over a room, sets it in the key provider and reports the same code on both sides', async () => {
    const call: FakeRoom[] = []
    const a = encryption('alice')
    const b = encryption('bob')
    const roomA = new FakeRoom(call, 'alice')
    const stopA = a.enc.attach(roomA.asRoom())
    const roomB = new FakeRoom(call, 'bob')
    const stopB = b.enc.attach(roomB.asRoom())
    await vi.waitFor(() => {
      expect(a.enc.getState()).toMatchObject({ status: 'encrypted', participants: ['alice', 'bob'] })
      expect(b.enc.getState()).toMatchObject({ status: 'encrypted', participants: ['alice', 'bob'] })
      expect(a.enc.getState().code).toBe(b.enc.getState().code)
    }, WAIT)
    expect(a.enc.getState().code).toMatch(/^\d{4} \d{4} \d{4}$/)
    expect(b.states.at(-1)).toEqual(b.enc.getState())

    // The agreement's messages went as reliable data on its own topic.
    expect(roomA.sent.length).toBeGreaterThan(0)
    for (const s of [...roomA.sent, ...roomB.sent]) expect(s.topic).toBe(TOPIC)

    // Both key providers hold a shared key at the same index.
    const optsA = a.enc.e2eeOptions
    const optsB = b.enc.e2eeOptions
    if (!('keyProvider' in optsA) || !('keyProvider' in optsB)) throw new Error('expected a key provider')
    const indexA = optsA.keyProvider.getLatestManuallySetKeyIndex()
    expect(indexA).toBe(optsB.keyProvider.getLatestManuallySetKeyIndex())
    expect(optsB.keyProvider.getKeys().map((k) => k.keyIndex)).toContain(indexA)
    expect(optsB.keyProvider.getKeys().every((k) => k.participantIdentity === undefined)).toBe(true)

    stopA()
    stopB()
    expect(roomA.listenerTotal()).toBe(0)
    expect(roomB.listenerTotal()).toBe(0)
  })

  it('ignores data on other topics and data the server sent itself', async () => {
    const call: FakeRoom[] = []
    const a = encryption('alice')
    const roomA = new FakeRoom(call, 'alice')
    const stop = a.enc.attach(roomA.asRoom())
    await vi.waitFor(() => expect(a.enc.getState().status).toBe('encrypted'), WAIT)
    const before = a.warn.mock.calls.length
    roomA.emit(RoomEvent.DataReceived, new Uint8Array([1, 2, 3]), { identity: 'bob' }, undefined, 'chat')
    roomA.emit(RoomEvent.DataReceived, new Uint8Array([1, 2, 3]), undefined, undefined, TOPIC)
    roomA.emit(RoomEvent.DataReceived, new Uint8Array([1, 2, 3]), { identity: 'bob' }, undefined, TOPIC)
    // Only the last one reaches the agreement, which warns and carries on.
    await vi.waitFor(() => expect(a.warn.mock.calls.length).toBe(before + 1), WAIT)
    expect(String(a.warn.mock.calls.at(-1)?.[0])).toMatch(/ignored a message from bob/)
    expect(a.enc.getState().status).toBe('encrypted')
    stop()
  })

  it('makes the worker once, when the room options are first read', () => {
    const createWorker = vi.fn(fakeWorker)
    const enc = createCallEncryption({ identity: 'alice', supported: true, createWorker })
    expect(createWorker).not.toHaveBeenCalled()
    const first = enc.e2eeOptions
    const second = enc.e2eeOptions
    expect(createWorker).toHaveBeenCalledTimes(1)
    if (!('worker' in first) || !('worker' in second)) throw new Error('expected a worker')
    expect(first.worker).toBe(second.worker)
  })

  it('says unsupported, and attaches nothing, where frames cannot be encrypted', () => {
    const call: FakeRoom[] = []
    const a = encryption('alice', false)
    const room = new FakeRoom(call, 'alice')
    expect(a.enc.getState().status).toBe('unsupported')
    const stop = a.enc.attach(room.asRoom())
    expect(room.listenerTotal()).toBe(0)
    expect(room.sent).toHaveLength(0)
    stop()
    expect(a.enc.getState().status).toBe('unsupported')
  })

  it('stops the previous agreement when attached again, and reports nothing after detach', async () => {
    const call: FakeRoom[] = []
    const a = encryption('alice')
    const room = new FakeRoom(call, 'alice')
    a.enc.attach(room.asRoom())
    const stop = a.enc.attach(room.asRoom())
    await vi.waitFor(() => expect(a.enc.getState().status).toBe('encrypted'), WAIT)
    expect(room.listenerCount(RoomEvent.DataReceived)).toBe(1)
    stop()
    expect(room.listenerTotal()).toBe(0)
    const count = a.states.length
    const b = encryption('bob')
    b.enc.attach(new FakeRoom(call, 'bob').asRoom())
    await vi.waitFor(() => expect(b.enc.getState().status).toBe('encrypted'), WAIT)
    expect(a.states.length).toBe(count)
  })
})

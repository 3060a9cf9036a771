import { describe, expect, it, vi } from 'vitest'
import { TestNetwork, hex, participant, type TestParticipant } from './test-network'
import { MAX_MEMBERS, decodeMessage, encodeMessage, fromBase64Url, transcript, type KeyMessage } from './wire'

const WAIT = { timeout: 15_000, interval: 10 }

/** Waits until every participant is encrypted for exactly `members`, and returns the shared key. */
async function agreed(members: TestParticipant[]): Promise<{ key: string; code: string | null; index: number }> {
  const ids = members.map((m) => m.identity).sort()
  await vi.waitFor(() => {
    for (const m of members) {
      expect(m.state().status).toBe('encrypted')
      expect(m.state().participants).toEqual(ids)
    }
    const keys = new Set(members.map((m) => m.key()))
    expect(keys.size).toBe(1)
    const codes = new Set(members.map((m) => m.state().code))
    expect(codes.size).toBe(1)
  }, WAIT)
  const first = members[0]!
  return { key: first.key()!, code: first.state().code, index: first.keys.at(-1)!.index }
}

function stopAll(...ps: TestParticipant[]) {
  for (const p of ps) p.agreement.stop()
}

describe('key agreement', () => {
  it('gives two participants the same frame key and the same verification code', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const r = await agreed([a, b])
    expect(r.key).toMatch(/^[0-9a-f]{64}$/)
    expect(r.code).toMatch(/^\d{4} \d{4} \d{4}$/)
    // A key message crossed the server; the frame key itself never did.
    expect(net.relayed.some((m) => new TextDecoder().decode(m.bytes).includes('"t":"key"'))).toBe(true)
    for (const m of net.relayed) expect(hex(m.bytes)).not.toContain(r.key)
    stopAll(a, b)
  })

  it('gives three participants the same frame key and code, whatever the join order', async () => {
    const net = new TestNetwork()
    const c = await participant(net, 'carol')
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const r = await agreed([a, b, c])
    expect(r.code).not.toBeNull()
    stopAll(a, b, c)
  })

  it('encrypts for itself alone, with no code to compare, while nobody else is there', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    await vi.waitFor(() => expect(a.state()).toMatchObject({ status: 'encrypted', code: null, participants: ['alice'] }), WAIT)
    expect(a.keys).toHaveLength(1)
    stopAll(a)
  })

  it('shows different codes when the server substitutes public keys in transit', async () => {
    // The server runs the agreement itself towards each side: to alice it
    // poses as bob, to bob it poses as alice, each time with its own key pair.
    const toAlice = new TestNetwork()
    const toBob = new TestNetwork()
    const alice = await participant(toAlice, 'alice')
    const fakeBob = await participant(toAlice, 'bob')
    const fakeAlice = await participant(toBob, 'alice')
    const bob = await participant(toBob, 'bob')
    const left = await agreed([alice, fakeBob])
    const right = await agreed([fakeAlice, bob])
    expect(alice.state().participants).toEqual(bob.state().participants)
    expect(left.code).not.toBe(right.code)
    expect(left.key).not.toBe(right.key)
    stopAll(alice, fakeBob, fakeAlice, bob)
  })

  it('gets no agreement at all when only one public key is substituted', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const intruder = await participant(new TestNetwork(), 'mallory')
    // What alice receives as bob's key is the intruder's.
    net.rewrite = (m) => {
      const msg = decodeMessage(m.bytes)
      if (m.to === 'alice' && m.from === 'bob' && !('invalid' in msg) && msg.t === 'pk') {
        return encodeMessage({ ...msg, pk: intruder.agreement.publicKey })
      }
      return m.bytes
    }
    const b = await participant(net, 'bob')
    await vi.waitFor(() => expect(a.state()).toMatchObject({ status: 'encrypted', participants: ['alice', 'bob'] }), WAIT)
    // Bob's view of the members differs from the one alice sealed the secret for.
    await vi.waitFor(() => expect(net.relayed.some((m) => m.to === 'bob' && new TextDecoder().decode(m.bytes).includes('"t":"key"'))).toBe(true), WAIT)
    await new Promise((r) => setTimeout(r, 100))
    expect(b.state().status).toBe('negotiating')
    expect(b.keys).toHaveLength(0)
    stopAll(a, b, intruder)
  })

  it('rotates to a new epoch and key when someone leaves and when someone joins', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const c = await participant(net, 'carol')
    const three = await agreed([a, b, c])

    c.agreement.stop()
    net.leave('carol')
    const two = await agreed([a, b])
    expect(two.key).not.toBe(three.key)
    expect(two.code).not.toBe(three.code)
    expect(two.index).toBe((three.index + 1) % 16)
    // What carol holds opens nothing of the new epoch.
    expect(c.keys.map((k) => hex(k.key))).not.toContain(two.key)

    const d = await participant(net, 'dave')
    const again = await agreed([a, b, d])
    expect(again.key).not.toBe(two.key)
    expect(again.index).toBe((two.index + 1) % 16)
    // Earlier keys stay in the ring at their own index for late frames.
    expect(a.keys.map((k) => k.index)).toEqual(expect.arrayContaining([three.index, two.index, again.index]))
    stopAll(a, b, d)
  })

  it('agrees again with someone it saw leave and come back with the same key', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const before = await agreed([a, b])
    const keysBefore = a.keys.length
    // Long enough for alice to start an epoch of her own meanwhile.
    net.blip('bob', 100)
    await vi.waitFor(() => expect(a.state().participants).toEqual(['alice']), WAIT)
    // Alice forgot bob's key when he left; bob still knows hers, and answers her announcement anyway.
    await vi.waitFor(() => expect(a.keys.length).toBeGreaterThanOrEqual(keysBefore + 2), WAIT)
    const after = await agreed([a, b])
    expect(after.key).not.toBe(before.key)
    stopAll(a, b)
  })

  it('lets a newcomer wait for the group key rather than make an epoch of its own', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const before = await agreed([a, b])
    // Keys take longer to arrive than a leader waits before an epoch.
    net.latencyMs = 50
    const c = await participant(net, 'carol', { soloGraceMs: 60_000 })
    const after = await agreed([a, b, c])
    expect(c.keys.map((k) => k.index)).toEqual([after.index])
    expect(after.index).toBe((before.index + 1) % 16)
    stopAll(a, b, c)
  })

  it('fails, rather than send a key message nobody would accept, beyond the member limit', async () => {
    const net = new TestNetwork()
    const ps: TestParticipant[] = []
    for (let i = 0; i <= MAX_MEMBERS; i++) ps.push(await participant(net, `p${String(i).padStart(3, '0')}`, { announceIntervalMs: 60_000 }))
    const leader = ps[0]!
    await vi.waitFor(() => expect(leader.state()).toMatchObject({ status: 'failed', error: `more than ${MAX_MEMBERS} participants` }), WAIT)
    expect(leader.state().participants).toHaveLength(MAX_MEMBERS + 1)
    const oversized = net.relayed
      .map((m) => JSON.parse(new TextDecoder().decode(m.bytes)) as { t: string; members?: unknown[] })
      .filter((m) => m.t === 'key' && (m.members?.length ?? 0) > MAX_MEMBERS)
    expect(oversized).toHaveLength(0)
    stopAll(...ps)
  })

  it('continues with the next leader, at a higher epoch, when the leader leaves', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const c = await participant(net, 'carol')
    const before = await agreed([a, b, c])
    a.agreement.stop()
    net.leave('alice')
    const after = await agreed([b, c])
    expect(after.key).not.toBe(before.key)
    expect(after.index).toBe((before.index + 1) % 16)
    stopAll(b, c)
  })

  it('lets a newcomer with the smallest identity lead above the epochs already used', async () => {
    const net = new TestNetwork()
    const b = await participant(net, 'bob')
    const c = await participant(net, 'carol')
    await agreed([b, c])
    c.agreement.stop()
    net.leave('carol')
    const d = await participant(net, 'dave')
    const before = await agreed([b, d])
    const a = await participant(net, 'aaron')
    const after = await agreed([a, b, d])
    expect(after.index).toBe((before.index + 1) % 16)
    stopAll(a, b, d)
  })

  it('never gives a participant without a public key anything it can open', async () => {
    const net = new TestNetwork()
    const received: Uint8Array[] = []
    // A browser without end-to-end encryption: it is in the call but never announces a key.
    const plain = net.join('zed')
    plain.onMessage((_from, bytes) => received.push(bytes))
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const r = await agreed([a, b])
    expect(a.state().participants).toEqual(['alice', 'bob'])

    for (const m of received) {
      const msg = decodeMessage(m)
      expect('invalid' in msg ? 'invalid' : msg.t).toBe('pk')
    }
    // Even with all the traffic the server relayed, a key pair of its own opens no sealed secret.
    const zed = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
    const sealedMessages = net.relayed.map((m) => decodeMessage(m.bytes)).filter((m): m is KeyMessage => !('invalid' in m) && m.t === 'key')
    expect(sealedMessages.length).toBeGreaterThan(0)
    for (const msg of sealedMessages) {
      expect(msg.members.map((x) => x[0])).not.toContain('zed')
      const leader = msg.members[0]!
      const leaderKey = await crypto.subtle.importKey('raw', fromBase64Url(leader[1]), { name: 'ECDH', namedCurve: 'P-256' }, false, [])
      const bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: leaderKey }, zed.privateKey, 256)
      const ikm = await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey'])
      for (const [to, iv, ct] of msg.sealed) {
        // Exactly what the recipient derives, except for the private key.
        const pair = [leader, msg.members.find((x) => x[0] === to)!]
        const guess = await crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode('souk-e2ee/v1/pair-salt'), info: transcript('pair', 0, pair) },
          ikm,
          { name: 'AES-GCM', length: 256 },
          false,
          ['decrypt'],
        )
        await expect(
          crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: transcript('seal', msg.epoch, msg.members, [to]) }, guess, fromBase64Url(ct)),
        ).rejects.toThrow()
      }
    }
    expect(r.key).toBeDefined()
    stopAll(a, b)
  })

  it('ignores malformed, misaddressed and replayed messages with a warning', async () => {
    const net = new TestNetwork()
    const a = await participant(net, 'alice')
    const b = await participant(net, 'bob')
    const first = await agreed([a, b])
    const firstKeyMessage = net.relayed.find((m) => m.to === 'bob' && new TextDecoder().decode(m.bytes).includes('"t":"key"'))!

    // Carol joins and leaves: two more epochs with the same pair in the end.
    const c = await participant(net, 'carol')
    await agreed([a, b, c])
    c.agreement.stop()
    net.leave('carol')
    const last = await agreed([a, b])
    expect(last.key).not.toBe(first.key)

    const enc = new TextEncoder()
    const bad: [string, Uint8Array][] = [
      ['alice', new Uint8Array([0xff, 0xfe, 0x00])],
      ['alice', enc.encode('"just a string"')],
      ['alice', enc.encode('{"v":2,"t":"pk","pk":"x","epoch":0}')],
      ['alice', enc.encode('{"v":1,"t":"pk","pk":"short","reply":true,"epoch":0}')],
      ['alice', enc.encode('{"v":1,"t":"hello"}')],
      ['alice', enc.encode('{"v":1,"t":"key","epoch":1,"members":[["bob","x"]],"sealed":[]}')],
      ['alice', enc.encode(JSON.stringify({ v: 1, t: 'key', epoch: -1, members: [], sealed: [] }))],
      ['alice', new Uint8Array(70 * 1024)],
      // a valid point-sized string that is not on the curve
      ['alice', enc.encode(JSON.stringify({ v: 1, t: 'pk', pk: 'A'.repeat(87), reply: true, epoch: 0 }))],
      // a key message that claims another sender as leader
      ['carol', firstKeyMessage.bytes],
      // a replay of the first epoch, whose members are the same as now
      ['alice', firstKeyMessage.bytes],
    ]
    const warningsBefore = b.warnings.length
    for (const [from, bytes] of bad) net.deliver(from, 'bob', bytes)
    await vi.waitFor(() => expect(b.warnings.length - warningsBefore).toBeGreaterThanOrEqual(bad.length), WAIT)
    expect(b.warnings.slice(warningsBefore).join('\n')).toMatch(/old key message/)
    expect(b.state()).toMatchObject({ status: 'encrypted', code: last.code })
    expect(b.key()).toBe(last.key)
    stopAll(a, b)
  })

  it('removes its handlers and stops its timers when stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] })
    try {
      const net = new TestNetwork()
      const a = await participant(net, 'alice')
      expect(net.handlers('alice')).toBe(2)
      expect(vi.getTimerCount()).toBeGreaterThan(0)
      a.agreement.stop()
      expect(net.handlers('alice')).toBe(0)
      // The network's own delivery timers may remain; the agreement's do not.
      await vi.runAllTimersAsync()
      expect(vi.getTimerCount()).toBe(0)
      const states = a.states.length
      net.deliver('bob', 'alice', encodeMessage({ v: 1, t: 'pk', pk: a.agreement.publicKey, reply: false, epoch: 0 }))
      await vi.runAllTimersAsync()
      expect(a.states.length).toBe(states)
    } finally {
      vi.useRealTimers()
    }
  })
})

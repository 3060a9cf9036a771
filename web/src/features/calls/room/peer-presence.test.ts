import { describe, expect, it } from 'vitest'
import { endsCall, initialPresence, seen } from './peer-presence'

describe('peer presence', () => {
  it.each([
    { name: 'the other person of a two-person call leaves', counts: [1], left: 0, ends: true },
    { name: 'one of a group leaves, one is still there', counts: [1, 2], left: 1, ends: false },
    { name: 'the last of a group leaves', counts: [1, 2, 1], left: 0, ends: false },
    { name: 'nobody ever came', counts: [], left: 0, ends: false },
  ])('$name: ends=$ends', ({ counts, left, ends }) => {
    const p = counts.reduce(seen, initialPresence)
    expect(endsCall(p, left)).toBe(ends)
  })
})

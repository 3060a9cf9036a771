// Whether the other person leaving ends the call: in a call between two
// people, the one left alone has nobody to talk to; in a group call (three or
// more people at some point), one leaving does not end it.

export interface PeerPresence {
  /** the most other people seen in the call at once */
  most: number
}

export const initialPresence: PeerPresence = { most: 0 }

/** Notes how many other people are in the call now. */
export function seen(p: PeerPresence, remotes: number): PeerPresence {
  return remotes > p.most ? { most: remotes } : p
}

/** After someone left, with `remotes` others still in: whether the call is over for us. */
export function endsCall(p: PeerPresence, remotes: number): boolean {
  return remotes === 0 && p.most === 1
}

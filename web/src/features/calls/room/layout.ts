// How the tiles of a call are laid out: a grid of cameras, or a shared screen
// on the stage with the cameras in a strip beside (or under) it.

export type RoomLayout = { kind: 'grid'; columns: number; phoneColumns: number } | { kind: 'stage' }

/** Columns of a grid of `count` tiles on a wide screen: 1, 2 (2–4), 3 (5–9), then 4. */
export function gridColumns(count: number): number {
  if (count <= 1) return 1
  if (count <= 4) return 2
  if (count <= 9) return 3
  return 4
}

export function chooseLayout(tileCount: number, screenShares: number): RoomLayout {
  if (screenShares > 0) return { kind: 'stage' }
  // On a phone two people stack; from three on they share two columns.
  return { kind: 'grid', columns: gridColumns(tileCount), phoneColumns: tileCount <= 2 ? 1 : 2 }
}

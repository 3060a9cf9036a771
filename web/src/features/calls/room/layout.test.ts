import { describe, expect, it } from 'vitest'
import { chooseLayout, gridColumns } from './layout'

describe('call layout', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 3],
    [9, 3],
    [10, 4],
  ])('%i tiles take %i columns on a wide screen', (n, cols) => {
    expect(gridColumns(n)).toBe(cols)
  })

  it('stacks two people on a phone and uses two columns from three on', () => {
    expect(chooseLayout(2, 0)).toEqual({ kind: 'grid', columns: 2, phoneColumns: 1 })
    expect(chooseLayout(3, 0)).toEqual({ kind: 'grid', columns: 2, phoneColumns: 2 })
    expect(chooseLayout(9, 0)).toEqual({ kind: 'grid', columns: 3, phoneColumns: 2 })
  })

  it('puts a shared screen on the stage', () => {
    expect(chooseLayout(2, 1)).toEqual({ kind: 'stage' })
    expect(chooseLayout(1, 2)).toEqual({ kind: 'stage' })
  })
})

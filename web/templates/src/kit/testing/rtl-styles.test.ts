import { describe, expect, it } from 'vitest'
import { directionStyles } from '@/test/direction-styles'

// The kit's pages show in Arabic too: a left-to-right island (code, charts,
// card numbers) says dir="ltr" on its element, never `direction` in a style.
const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

describe('left-to-right islands in right-to-left template pages', () => {
  it('no style sets a direction; elements say dir="ltr" instead', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200)
    expect(directionStyles(sources)).toEqual([])
  })
})

import { compile, middleware, serialize, stringify } from 'stylis'
import rtlPlugin from 'stylis-plugin-rtl'
import { describe, expect, it } from 'vitest'
import { directionStyles } from '@/test/direction-styles'

const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

describe('left-to-right islands in right-to-left pages', () => {
  it('the right-to-left plugin mirrors a CSS direction', () => {
    expect(serialize(compile('.a{direction:ltr}'), middleware([rtlPlugin, stringify]))).toBe('.a{direction:rtl;}')
  })

  it('no style sets a direction; elements say dir="ltr" instead', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(60)
    expect(directionStyles(sources)).toEqual([])
  })

  it('finds a style that sets one', () => {
    expect(directionStyles({ 'a.tsx': "<Box\n  sx={{ direction: 'ltr' }}\n/>" })).toEqual(['a.tsx:2'])
  })
})

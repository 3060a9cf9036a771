import { compile, middleware, serialize, stringify } from 'stylis'
import rtlPlugin from 'stylis-plugin-rtl'
import { describe, expect, it } from 'vitest'

// In Arabic every style goes through the right-to-left plugin, which mirrors
// `direction` too: an `sx={{ direction: 'ltr' }}` meant to keep code, charts or
// digits left-to-right becomes `rtl`. Such places use the `dir` attribute.
const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

describe('left-to-right islands in right-to-left pages', () => {
  it('the right-to-left plugin mirrors a CSS direction', () => {
    expect(serialize(compile('.a{direction:ltr}'), middleware([rtlPlugin, stringify]))).toBe('.a{direction:rtl;}')
  })

  it('no style sets a direction; elements say dir="ltr" instead', () => {
    const bad = Object.entries(sources).flatMap(([file, code]) =>
      code
        .split('\n')
        .map((line, i) => ({ line, n: i + 1 }))
        .filter(({ line }) => /\bdirection:\s*['"](ltr|rtl)['"]/.test(line) && !/createAppTheme/.test(line))
        .map(({ n }) => `${file}:${n}`),
    )
    expect(Object.keys(sources).length).toBeGreaterThan(200)
    expect(bad).toEqual([])
  })
})

import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'

// The product (features and the shared folders) and the template kit
// (src/templates) meet only in the shell: src/app, src/pages and main.tsx.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })

const PRODUCT = /^\/src\/(features|components|lib|hooks|config|theme|locales|navigation|test)\//
const TEMPLATES = /^\/src\/templates\//
const isTest = (file: string) => /\.test\.tsx?$|\/testing\/|\/tests\//.test(file)

/** Every module a file refers to (imports, re-exports, dynamic imports, globs), as a path under /src. */
function targets(file: string, code: string): string[] {
  const specs = [
    ...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/import\.meta\.glob[^(]*\(\s*\[?\s*['"]!?([^'"]+)['"]/g),
  ].map((m) => m[1] ?? '')
  return specs.flatMap((s) => {
    if (s.startsWith('@/')) return [`/src/${s.slice(2)}`]
    if (s.startsWith('/src/')) return [s]
    if (s.startsWith('.')) return [posix.normalize(posix.join(posix.dirname(file), s))]
    return []
  })
}

describe('module boundaries', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).filter((f) => TEMPLATES.test(f)).length).toBeGreaterThan(100)
    expect(Object.keys(sources).filter((f) => PRODUCT.test(f)).length).toBeGreaterThan(50)
  })

  it('the product never imports the template kit', () => {
    const bad = Object.entries(sources)
      .filter(([f]) => PRODUCT.test(f))
      .flatMap(([f, code]) => targets(f, code).filter((t) => t.startsWith('/src/templates/')).map((t) => `${f} -> ${t}`))
    expect(bad).toEqual([])
  })

  it('the template kit imports no product feature, and the shell only from its tests', () => {
    const bad = Object.entries(sources)
      .filter(([f]) => TEMPLATES.test(f))
      .flatMap(([f, code]) =>
        targets(f, code)
          .filter((t) => t.startsWith('/src/features/') || (!isTest(f) && (t.startsWith('/src/app/') || t.startsWith('/src/pages/') || t === '/src/main')))
          .map((t) => `${f} -> ${t}`),
      )
    expect(bad).toEqual([])
  })

  it('catches a violation', () => {
    expect(targets('/src/features/x/a.ts', "import { y } from '@/templates/kit/b'")).toEqual(['/src/templates/kit/b'])
    expect(targets('/src/features/x/a.ts', "const m = import('../../templates/kit/b')")).toEqual(['/src/templates/kit/b'])
  })
})

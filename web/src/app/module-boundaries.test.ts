import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_NS } from '@/lib/i18n'
import { TEMPLATE_NAMESPACES } from '@/templates/locales/namespaces'

// The product (features and the shared folders) and the template kit
// (src/templates) meet only in the shell: src/app, src/pages and main.tsx.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })

const PRODUCT = /^\/src\/(features|components|lib|hooks|config|theme|locales|navigation|test)\//
const TEMPLATES = /^\/src\/templates\//
const isTest = (file: string) => /\.test\.tsx?$|\/testing\/|\/tests\//.test(file)

/** Namespaces a feature keeps for one of its areas besides the one named after it. */
const FEATURE_AREA_NAMESPACES: Record<string, string[]> = { calls: ['call-room'] }

const localeFolders = new Set(
  Object.keys(import.meta.glob('/src/locales/*/en.json')).map((p) => p.split('/')[3]!),
)

/** Translation namespaces a file names: in `useTranslation(…)` and as `t('<ns>:key')`. */
function namespacesUsed(code: string): Set<string> {
  const out = new Set<string>()
  for (const m of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const n of m[1]!.matchAll(/'([^']+)'/g)) out.add(n[1]!)
  for (const m of code.matchAll(/\bt\(\s*['`]([a-zA-Z-]+):/g)) out.add(m[1]!)
  return out
}

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

  it('a feature uses only its own wording and the shell\'s; shared code only the shell\'s; the kit no feature\'s', () => {
    const bad: string[] = []
    for (const [f, code] of Object.entries(sources)) {
      if (isTest(f)) continue
      const used = namespacesUsed(code)
      const feature = /^\/src\/features\/([^/]+)\//.exec(f)?.[1]
      const allowed = feature
        ? new Set([DEFAULT_NS, feature, ...(FEATURE_AREA_NAMESPACES[feature] ?? [])])
        : PRODUCT.test(f)
          ? new Set([DEFAULT_NS])
          : TEMPLATES.test(f)
            ? new Set([DEFAULT_NS, ...Object.values(TEMPLATE_NAMESPACES)])
            : null
      if (!allowed) continue
      for (const ns of used) if (!allowed.has(ns)) bad.push(`${f} uses namespace ${ns}`)
    }
    expect(bad).toEqual([])
  })

  it('every feature with wording has a namespace named after its folder', () => {
    const features = new Set(Object.keys(sources).flatMap((f) => /^\/src\/features\/([^/]+)\//.exec(f)?.[1] ?? []))
    const withWording = [...features].filter((name) =>
      Object.entries(sources).some(([f, code]) => f.startsWith(`/src/features/${name}/`) && !isTest(f) && namespacesUsed(code).size > 0),
    )
    expect(withWording.length).toBeGreaterThan(6)
    for (const name of withWording) expect(localeFolders.has(name), `src/locales/${name}/`).toBe(true)
  })

  it('catches a violation', () => {
    expect([...namespacesUsed("const { t } = useTranslation(['shell', 'auth']); t('listings:index.title')")].sort()).toEqual(['auth', 'listings', 'shell'])
    expect([...namespacesUsed("useTranslation('demo-ui')")]).toEqual(['demo-ui'])
    expect(targets('/src/features/x/a.ts', "import { y } from '@/templates/kit/b'")).toEqual(['/src/templates/kit/b'])
    expect(targets('/src/features/x/a.ts', "const m = import('../../templates/kit/b')")).toEqual(['/src/templates/kit/b'])
  })
})

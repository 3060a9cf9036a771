import { describe, expect, it } from 'vitest'
import { DEFAULT_NS } from '@/lib/i18n'
import { importTargets, isTestFile, namespacesUsed } from '@/test/module-imports'
import { TEMPLATE_NAMESPACES } from '../../locales/namespaces'

// The kit's side of web/README.md's boundaries: it builds on the app's shared
// folders only. It never imports a product feature, and the shell (src/app,
// src/pages, main.tsx) only from its tests. The app checks the other side.
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['/src/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })).map(([f, code]) => [`templates${f}`, code]),
)

const SHARED = /^src\/(components|lib|hooks|config|theme|navigation|locales|test)\//

/** `file -> target` for every import of the kit outside itself and the app's shared folders. */
function violations(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([f, code]) =>
    importTargets(f, code)
      .filter((t) => !t.startsWith('templates/') && !SHARED.test(t) && !(isTestFile(f) && /^src\/(app|pages)\//.test(t)))
      .map((t) => `${f} -> ${t}`),
  )
}

describe('template kit boundaries', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).filter((f) => f.startsWith('templates/src/pages/')).length).toBeGreaterThan(100)
  })

  it("imports only itself and the app's shared folders (and the shell from its tests)", () => {
    expect(violations(sources)).toEqual([])
  })

  it('rejects a feature, the shell outside tests, and a reach into the app by a relative path', () => {
    expect(
      violations({
        'templates/src/apps/a.ts': "import { x } from '@/features/calls/encryption'",
        'templates/src/pages/b.tsx': "import { Navbar } from '@/app/layouts/navbar'",
        'templates/src/kit/c.ts': "import { y } from '../../../src/features/auth/landing'",
        'templates/src/kit/testing/d.test.ts': "import { deriveRoute } from '@/app/routing/derive-routes'",
      }),
    ).toEqual([
      'templates/src/apps/a.ts -> src/features/calls/encryption',
      'templates/src/pages/b.tsx -> src/app/layouts/navbar',
      'templates/src/kit/c.ts -> src/features/auth/landing',
    ])
  })

  it("uses only its own wording and the shell's", () => {
    const allowed = new Set([DEFAULT_NS, ...Object.values(TEMPLATE_NAMESPACES)])
    const bad = Object.entries(sources)
      .filter(([f]) => !isTestFile(f))
      .flatMap(([f, code]) => [...namespacesUsed(code)].filter((ns) => !allowed.has(ns)).map((ns) => `${f} uses namespace ${ns}`))
    expect(bad).toEqual([])
  })
})

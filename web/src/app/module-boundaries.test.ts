import { describe, expect, it } from 'vitest'
import { DEFAULT_NS } from '@/lib/i18n'
import { importTargets, isTestFile, namespacesUsed } from '@/test/module-imports'

// The rules of web/README.md ("What lives where"), checked on every import,
// dynamic import and glob of the app. The template kit (web/templates) checks
// its own side in its kit/testing/boundaries.test.ts.
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['/src/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })).map(([f, code]) => [f.slice(1), code]),
)

const SHARED = /^src\/(components|lib|hooks|config|theme|locales|navigation|test)\//
const FEATURE = /^src\/features\/([^/]+)\//
/** The one file through which the app reaches the add-on workspaces. */
const ADD_ONS = 'src/app/add-ons.ts'

/** Namespaces a feature keeps for one of its areas besides the one named after it. */
const FEATURE_AREA_NAMESPACES: Record<string, string[]> = { calls: ['call-room'] }

const localeFolders = new Set(Object.keys(import.meta.glob('/src/locales/*/en.json')).map((p) => p.split('/')[3]!))

type Sources = Record<string, string>

interface ImportRule {
  name: string
  /** The files the rule is about. */
  from: (file: string) => boolean
  /** True when `file` may not import `target`. */
  forbidden: (target: string, file: string) => boolean
  /** A file and an import the rule must reject. */
  sample: [file: string, code: string]
}

const featureOf = (path: string) => FEATURE.exec(path)?.[1]

const RULES: ImportRule[] = [
  {
    name: 'the app reaches the template kit through add-ons.ts alone',
    from: (f) => f !== ADD_ONS,
    forbidden: (t) => t.startsWith('templates/'),
    sample: ['src/app/router.tsx', "import { templateKit } from '@souk/templates'"],
  },
  {
    name: 'a feature never imports another feature',
    from: (f) => FEATURE.test(f),
    forbidden: (t, f) => FEATURE.test(t) && featureOf(t) !== featureOf(f),
    sample: ['src/features/calls/a.ts', "import { x } from '../messages/api/queries'"],
  },
  {
    name: 'a feature never imports the shell (app, pages, main)',
    from: (f) => FEATURE.test(f),
    forbidden: (t) => /^src\/(app|pages)\/|^src\/main(\.tsx)?$/.test(t),
    sample: ['src/features/auth/a.ts', "import { loginHref } from '@/app/routing/guard'"],
  },
  {
    name: 'shared code imports only shared code',
    from: (f) => SHARED.test(f) && !isTestFile(f),
    forbidden: (t) => t.startsWith('src/') && !SHARED.test(t),
    sample: ['src/components/a.tsx', "import { useSettings } from '@/features/settings/hooks/use-settings'"],
  },
  {
    name: 'only the shell imports its layouts; pages never do',
    from: (f) => !f.startsWith('src/app/'),
    forbidden: (t) => t.startsWith('src/app/layouts/'),
    sample: ['src/pages/frontpage/index.tsx', "import { Footer } from '@/app/layouts/footer'"],
  },
]

/** `file -> target` for every import that breaks `rule`. */
function violations(files: Sources, rule: ImportRule): string[] {
  return Object.entries(files)
    .filter(([f]) => rule.from(f))
    .flatMap(([f, code]) => importTargets(f, code).filter((t) => rule.forbidden(t, f)).map((t) => `${f} -> ${t}`))
}

describe('module boundaries', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).filter((f) => FEATURE.test(f)).length).toBeGreaterThan(50)
    expect(Object.keys(sources).filter((f) => SHARED.test(f)).length).toBeGreaterThan(30)
    expect(sources[ADD_ONS]).toContain('@souk/templates')
  })

  it.each(RULES)('$name', (rule) => {
    expect(violations(sources, rule)).toEqual([])
  })

  it.each(RULES)('rejects a break of: $name', (rule) => {
    const [file, code] = rule.sample
    expect(violations({ [file]: code }, rule)).toHaveLength(1)
  })

  it("a feature uses only its own wording and the shell's; shared code only the shell's", () => {
    const bad: string[] = []
    for (const [f, code] of Object.entries(sources)) {
      if (isTestFile(f)) continue
      const feature = featureOf(f)
      const allowed = feature
        ? new Set([DEFAULT_NS, feature, ...(FEATURE_AREA_NAMESPACES[feature] ?? [])])
        : SHARED.test(f)
          ? new Set([DEFAULT_NS])
          : null
      if (!allowed) continue
      for (const ns of namespacesUsed(code)) if (!allowed.has(ns)) bad.push(`${f} uses namespace ${ns}`)
    }
    expect(bad).toEqual([])
  })

  it('every feature with wording has a namespace named after its folder', () => {
    const features = new Set(Object.keys(sources).flatMap((f) => featureOf(f) ?? []))
    const withWording = [...features].filter((name) =>
      Object.entries(sources).some(([f, code]) => f.startsWith(`src/features/${name}/`) && !isTestFile(f) && namespacesUsed(code).size > 0),
    )
    expect(withWording.length).toBeGreaterThan(6)
    for (const name of withWording) expect(localeFolders.has(name), `src/locales/${name}/`).toBe(true)
  })

  it('catches a violation', () => {
    expect([...namespacesUsed("const { t } = useTranslation(['shell', 'auth']); t('listings:index.title')")].sort()).toEqual(['auth', 'listings', 'shell'])
    expect([...namespacesUsed("useTranslation('demo-ui')")]).toEqual(['demo-ui'])
    expect(importTargets('src/features/x/a.ts', "import { y } from '@souk/templates'")).toEqual(['templates/src/template-kit'])
    expect(importTargets('src/features/x/a.ts', "const m = import('../../../templates/src/kit/b')")).toEqual(['templates/src/kit/b'])
  })
})

import { posix } from 'node:path'

// Reads what a source file imports, for the boundary tests of the app
// (src/app/module-boundaries.test.ts) and of the template kit. Files are named
// by their path under web/: "src/features/calls/x.ts", "templates/src/pages/x.tsx".

/** Module specifiers a file names: imports, re-exports, dynamic imports and globs. */
export function specifiers(code: string): string[] {
  return [
    ...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/import\.meta\.glob[^(]*\(\s*\[?\s*['"]!?([^'"]+)['"]/g),
  ].map((m) => m[1] ?? '')
}

/**
 * Every module of the web app a file refers to, as a path under web/:
 * `@/x` is src/x, `@souk/templates` the kit's entry, relative paths resolve
 * against the file. Other packages are left out.
 */
export function importTargets(file: string, code: string): string[] {
  return specifiers(code).flatMap((s) => {
    if (s.startsWith('@/')) return [`src/${s.slice(2)}`]
    if (s === '@souk/templates' || s.startsWith('@souk/templates/')) return [`templates/${s.slice('@souk/templates'.length + 1) || 'src/template-kit'}`]
    if (s.startsWith('.')) return [posix.normalize(posix.join(posix.dirname(file), s))]
    return []
  })
}

/** Translation namespaces a file names: in `useTranslation(…)` and as `t('<ns>:key')`. */
export function namespacesUsed(code: string): Set<string> {
  const out = new Set<string>()
  for (const m of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const n of m[1]!.matchAll(/'([^']+)'/g)) out.add(n[1]!)
  for (const m of code.matchAll(/\bt\(\s*['`]([a-zA-Z-]+):/g)) out.add(m[1]!)
  return out
}

export const isTestFile = (file: string) => /\.test\.tsx?$|\/testing\/|\/tests\//.test(file)

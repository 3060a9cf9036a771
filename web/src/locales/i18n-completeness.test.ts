import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@/lib/api-types'
import { DEFAULT_NS } from '@/lib/i18n'
import { commonNav, defaultSiteNav } from '@/navigation/nav-items'
import { flattenTranslations as flatten, type TranslationTree as Tree } from '@/test/translation-tree'

// The product's translations: one namespace per folder (`<namespace>/<lang>.json`).
const bundles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' })
const namespaces = [...new Set(Object.keys(bundles).map((p) => p.split('/')[1]!))].sort()
const bundle = (ns: string, lang: string) => bundles[`./${ns}/${lang}.json`] as unknown as Tree | undefined

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

/** Every product key as `<namespace>:<key>`, in one language. */
function allKeys(lang: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const ns of namespaces) for (const [k, v] of flatten(bundle(ns, lang) ?? {})) out.set(`${ns}:${k}`, v)
  return out
}
const en = allKeys('en')

// Source files of the product screens (the template kit, a workspace of its own, checks its wording itself).
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})
/** `ns:key` for a key as written in `t('…')`; a key without a namespace is the shell's. */
const qualified = (key: string) => (key.includes(':') ? key : `${DEFAULT_NS}:${key}`)

describe('translations', () => {
  it('has one namespace per product area, each in every language', () => {
    expect(namespaces).toEqual(expect.arrayContaining([DEFAULT_NS, 'auth', 'listings', 'messages', 'calls', 'frontpage', 'diagnostics', 'admin-rooms', 'settings', 'cookie-consent']))
    for (const ns of namespaces) for (const lang of LANGUAGES) expect(bundle(ns, lang), `${ns}/${lang}.json`).toBeDefined()
  })

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys, non-empty, with the same placeholders', (lang) => {
    const tr = allKeys(lang)
    expect([...tr.keys()].sort()).toEqual([...en.keys()].sort())
    for (const [key, value] of tr) {
      expect(value.trim(), `${lang}:${key}`).not.toBe('')
      expect(placeholders(value), `${lang}:${key}`).toEqual(placeholders(en.get(key)!))
    }
  })

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not copied from English', (lang) => {
    const tr = allKeys(lang)
    const same = [...tr].filter(([k, v]) => v === en.get(k) && !/^[^a-z]*$/i.test(v))
    // Brand-like words (E-mail, Dashboard, Layout) may match; whole screens may not.
    expect(same.length / tr.size, same.map(([k]) => k).join(', ')).toBeLessThan(0.08)
  })

  it('has every key the screens use, in the namespace they name', () => {
    const used = new Set<string>()
    for (const code of Object.values(sources)) {
      for (const m of code.matchAll(/\bt\(\s*'((?:[a-z-]+:)?[a-z][\w]*(?:\.[\w]+)*)'/gi)) if (m[1]!.includes('.') || m[1]!.includes(':')) used.add(qualified(m[1]!))
    }
    for (const item of [...defaultSiteNav, ...commonNav]) used.add(qualified(item.title))
    for (const m of ['light', 'dark', 'system']) used.add(`settings:${m}`)
    for (const s of ['noAnswer', 'declined', 'cancelled']) used.add(`calls:ended.${s}`)
    for (const s of ['personal', 'conference', 'state.connected', 'state.connecting', 'state.disconnected']) used.add(`diagnostics:realtime.${s}`)
    for (const s of ['0', '1', '2', '3', '4']) used.add(`diagnostics:status.${s}`)
    // Site wording keys are supplied per site with a product fallback.
    const missing = [...used].filter((k) => !k.startsWith(`${DEFAULT_NS}:site.`) && !en.has(k))
    expect(used.size).toBeGreaterThan(100)
    expect(missing).toEqual([])
  })
})

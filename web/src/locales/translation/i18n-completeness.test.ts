import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@/lib/api-types'
import { commonNav, defaultSiteNav } from '@/navigation/nav-items'
import { flattenTranslations as flatten, type TranslationTree as Tree } from '@/test/translation-tree'

const bundles = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' })
const bundle = (lang: string) => bundles[`./${lang}.json`] as unknown as Tree


const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

const en = flatten(bundle('en'))

// Source files of the product screens; demo pages carry their own wording.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/templates/**', '!/src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})
const OTHER_PAGES = /^\/src\/pages\/(apps\/(?!bit\/)|charts|components|dashboards|extensions|forms|front-pages|tables|wizard-examples|pages\/(?!misc\/))/

describe('translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys, non-empty, with the same placeholders', (lang) => {
    const tr = flatten(bundle(lang))
    expect([...tr.keys()].sort()).toEqual([...en.keys()].sort())
    for (const [key, value] of tr) {
      expect(value.trim(), `${lang}:${key}`).not.toBe('')
      expect(placeholders(value), `${lang}:${key}`).toEqual(placeholders(en.get(key)!))
    }
  })

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not copied from English', (lang) => {
    const tr = flatten(bundle(lang))
    const same = [...tr].filter(([k, v]) => v === en.get(k) && !/^[^a-z]*$/i.test(v))
    // Brand-like words (E-mail, Dashboard, Layout) may match; whole screens may not.
    expect(same.length / tr.size, same.map(([k]) => k).join(', ')).toBeLessThan(0.08)
  })

  it('has every key the screens use', () => {
    const used = new Set<string>()
    for (const [path, code] of Object.entries(sources)) {
      if (OTHER_PAGES.test(path)) continue
      for (const m of code.matchAll(/\bt\(\s*'([a-z][\w]*(?:\.[\w]+)+)'/gi)) used.add(m[1]!)
    }
    for (const item of [...defaultSiteNav, ...commonNav]) used.add(item.title)
    for (const m of ['light', 'dark', 'system']) used.add(`customizer.${m}`)
    for (const s of ['connected', 'connecting', 'disconnected', 'callInvitation', 'acceptcallInvitation', 'rejectcallInvitation']) used.add(`invitation.${s}`)
    // Site wording keys are supplied per site with a product fallback.
    const missing = [...used].filter((k) => !k.startsWith('site.') && !en.has(k))
    expect(used.size).toBeGreaterThan(100)
    expect(missing).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { flattenTranslations as flatten, type TranslationTree as Tree } from '@/test/translation-tree'

type Json = Record<string, unknown>
const jsonByLang = (files: Record<string, Json>) => Object.fromEntries(Object.entries(files).map(([p, v]) => [p.replace(/^.*\/(\w+)\.json$/, '$1'), v]))
const demoBundles = jsonByLang(import.meta.glob<Json>('./*.json', { eager: true, import: 'default' }))
const demoAppsNavLabels = jsonByLang(import.meta.glob<Json>('../apps-nav/*.json', { eager: true, import: 'default' })) as Record<string, Record<string, string>>
const en = demoBundles.en

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
const source = flatten(en as unknown as Tree)

describe('demo app translations', () => {
  for (const [lang, bundle] of Object.entries(demoBundles)) {
    it(`${lang} has every key of en, no extra ones, and the same placeholders`, () => {
      const flat = flatten(bundle as unknown as Tree)
      expect([...source.keys()].filter((k) => !flat.has(k))).toEqual([])
      expect([...flat.keys()].filter((k) => !source.has(k))).toEqual([])
      for (const [k, v] of flat) {
        expect(v.trim(), `${lang}:${k}`).not.toBe('')
        expect(placeholders(v), `${lang}:${k}`).toEqual(placeholders(source.get(k) ?? ''))
      }
    })
  }

  it('menu labels exist in every language', () => {
    const keys = Object.keys(demoAppsNavLabels.en ?? {}).sort()
    for (const [lang, labels] of Object.entries(demoAppsNavLabels)) {
      expect(Object.keys(labels).sort(), lang).toEqual(keys)
      for (const v of Object.values(labels)) expect(v.trim(), lang).not.toBe('')
    }
  })

  it('every non-English language is really translated', () => {
    for (const [lang, bundle] of Object.entries(demoBundles)) {
      if (lang === 'en') continue
      const flat = flatten(bundle as unknown as Tree)
      const same = [...flat].filter(([k, v]) => v === source.get(k) && /[a-z]{4,}/.test(v)).length
      // Brand-like words (PayPal, SKU, CRM …) may stay in English; whole screens may not.
      expect(same / flat.size, lang).toBeLessThan(0.15)
    }
  })
})

describe('keys used by the demo pages exist', () => {
  const files = import.meta.glob<string>(['../../apps/**/*.tsx', '../../apps/**/*.ts', '!**/*.test.*'], {
    query: '?raw',
    import: 'default',
    eager: true,
  })
  const tree = en as unknown as Tree
  const lookup = (path: string): string | Tree | undefined =>
    path.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree)

  it('finds the sources', () => {
    expect(Object.keys(files).length).toBeGreaterThan(20)
  })

  for (const [file, text] of Object.entries(files)) {
    it(file.replace('../../apps/', ''), () => {
      const missing: string[] = []
      // t('a.b') and zod messages 'validation.x'
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) if (typeof lookup(m[1] ?? '') !== 'string') missing.push(m[1] ?? '')
      for (const m of text.matchAll(/'(validation\.\w+)'/g)) if (typeof lookup(m[1] ?? '') !== 'string') missing.push(m[1] ?? '')
      // t(`a.b.${x}`) needs the object a.b
      for (const m of text.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) if (typeof lookup(m[1] ?? '') !== 'object') missing.push(`${m[1]}.*`)
      expect(missing).toEqual([])
    })
  }
})

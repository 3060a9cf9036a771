import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@/lib/api-types'

type Tree = { [k: string]: string | Tree }

const bundles = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' })
const en = bundles['./en.json'] as Tree
const sources = import.meta.glob<string>(
  ['../../{account,auth-pages,cards,charts,components,extensions,forms,kit,misc,tables}/**/*.tsx', '../../{account,auth-pages,cards,charts,components,extensions,forms,kit,misc,tables}/**/*.ts', '../../pages/{charts,components,extensions,forms,pages,tables}/**/*.tsx', '!**/*.test.*'],
  { eager: true, query: '?raw', import: 'default' },
)

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)))
}

function lookup(tree: Tree, path: string): string | Tree | undefined {
  return path.split('.').reduce<string | Tree | undefined>((node, k) => (node && typeof node === 'object' ? node[k] : undefined), tree)
}

const enKeys = leaves(en as Tree).sort()

describe('demo-ui wording', () => {
  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (lang) => {
    const tree = bundles[`./${lang}.json`]
    expect(tree, `missing ${lang}.json`).toBeDefined()
    expect(leaves(tree ?? {}).sort()).toEqual(enKeys)
    for (const k of enKeys) expect(String(lookup(tree ?? {}, k)).trim(), `${lang}: ${k}`).not.toBe('')
  })

  it('keeps the interpolation placeholders of English', () => {
    for (const lang of LANGUAGES) {
      const tree = bundles[`./${lang}.json`] ?? {}
      for (const k of enKeys) {
        const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
        expect(vars(lookup(tree, k)), `${lang}: ${k}`).toEqual(vars(lookup(en as Tree, k)))
      }
    }
  })

  it('defines every key the demo pages use', () => {
    const missing: string[] = []
    for (const [file, src] of Object.entries(sources)) {
      // Literal keys: t('a.b.c'), title="a.b.c", and schema messages 'validation.x'.
      for (const m of src.matchAll(/\bt\('([a-zA-Z0-9_.-]+)'|\b(?:title|subtitle)="([a-zA-Z0-9_.-]+\.[a-zA-Z0-9_.-]+)"|'(validation\.[a-zA-Z]+)'/g)) {
        const key = m[1] ?? m[2] ?? m[3] ?? ''
        if (key.startsWith('common.') && !lookup(en as Tree, key) && /useTranslation\(\)/.test(src)) continue
        if (typeof lookup(en as Tree, key) !== 'string') missing.push(`${file}: ${key}`)
      }
      // Template keys: the fixed part before the first ${ must name a group.
      for (const m of src.matchAll(/\bt\(`([a-zA-Z0-9_.-]+)\.\$\{/g)) {
        const prefix = m[1] ?? ''
        if (typeof lookup(en as Tree, prefix) !== 'object') missing.push(`${file}: ${prefix}.*`)
      }
    }
    expect(missing).toEqual([])
  })
})

// Translation resources are nested JSON objects; tests compare them as flat
// maps of dotted keys ("nav.home") to strings.
export type TranslationTree = { [key: string]: string | TranslationTree }

export function flattenTranslations(tree: TranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of flattenTranslations(v, key)) out.set(kk, vv)
  }
  return out
}

import type { Resource } from 'i18next'

// Tests render synchronously, so they get every language of the product's
// namespaces at once instead of through the on-demand loader.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' })

/** i18next resources from `<namespace>/<lang>.json` files. */
export function resourcesFromFiles(modules: Record<string, Record<string, unknown>>, rename: Record<string, string> = {}): Resource {
  const out: Resource = {}
  for (const [path, data] of Object.entries(modules)) {
    const m = /([^/]+)\/([^/]+)\.json$/.exec(path)
    if (!m) continue
    const ns = rename[m[1] ?? ''] ?? m[1] ?? ''
    const lang = m[2] ?? ''
    ;(out[lang] ??= {})[ns] = data
  }
  return out
}

export function testResources(): Resource {
  return resourcesFromFiles(files)
}

import type { Resource } from 'i18next'
import { resourcesFromFiles } from '@/test/test-resources'
import { TEMPLATE_NAMESPACES } from '../../locales/namespaces'

// Template page tests render synchronously: every namespace, every language.
const product = import.meta.glob<Record<string, unknown>>('@/locales/*/*.json', { eager: true, import: 'default' })
const templates = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' })

export function templateTestResources(): Resource {
  const out = resourcesFromFiles(product)
  for (const [lang, namespaces] of Object.entries(resourcesFromFiles(templates, TEMPLATE_NAMESPACES))) out[lang] = { ...out[lang], ...namespaces }
  return out
}

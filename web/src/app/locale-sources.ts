import { localeSourcesFromGlob, type LocaleLoader } from '@/lib/i18n'
import { TEMPLATE_NAMESPACES, TEMPLATE_NAV_NAMESPACES } from '@/templates/locales/namespaces'

// Every translation file of the app: `<namespace>/<lang>.json`, each its own
// chunk, fetched by the i18n loader when a screen first asks for it.
const product = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })
const templates = import.meta.glob<Record<string, unknown>>('../templates/locales/*/*.json', { import: 'default' })

export const localeSources = {
  ...localeSourcesFromGlob(product as Record<string, LocaleLoader>),
  ...localeSourcesFromGlob(templates as Record<string, LocaleLoader>, TEMPLATE_NAMESPACES),
}

/** Menu labels: the menu shows them before any template page loads. */
export const preloadNamespaces = Object.values(TEMPLATE_NAV_NAMESPACES)

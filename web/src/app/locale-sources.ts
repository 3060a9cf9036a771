import { localeSourcesFromGlob, type LocaleLoader } from '@/lib/i18n'
import { TEMPLATE_NAMESPACES, TEMPLATE_NAV_NAMESPACES } from '@/templates/locales/namespaces'

// Every translation file of the app: `<namespace>/<lang>.json`, each its own
// chunk, fetched by the i18n loader when a screen first asks for it. The
// product has one namespace per feature folder plus `shell` (src/locales/<ns>/).
const product = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })
const templates = import.meta.glob<Record<string, unknown>>('../templates/locales/*/*.json', { import: 'default' })

export const localeSources = {
  ...localeSourcesFromGlob(product as Record<string, LocaleLoader>),
  ...localeSourcesFromGlob(templates as Record<string, LocaleLoader>, TEMPLATE_NAMESPACES),
}

/**
 * Loaded at start-up beside the shell's namespace: the navbar's theme menu, and
 * the template menu labels, which the menu shows before any template page loads.
 * Every other feature's namespace arrives when one of its screens first renders.
 */
export const preloadNamespaces = ['settings', ...Object.values(TEMPLATE_NAV_NAMESPACES)]

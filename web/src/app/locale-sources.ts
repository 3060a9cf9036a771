import { localeSourcesFromGlob, type LocaleLoader } from '@/lib/i18n'
import { addOns } from './add-on'

// Every translation file of the app: `<namespace>/<lang>.json`, each its own
// chunk, fetched by the i18n loader when a screen first asks for it. The
// product has one namespace per feature folder plus `shell` (src/locales/<ns>/);
// each add-on brings its own.
const product = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })

export const localeSources = Object.assign(
  {},
  ...addOns.map((a) => a.localeSources),
  localeSourcesFromGlob(product as Record<string, LocaleLoader>),
) as ReturnType<typeof localeSourcesFromGlob>

/**
 * Loaded at start-up beside the shell's namespace: the navbar's theme menu, and
 * the add-ons' menu labels, which the menu shows before any of their pages loads.
 * Every other feature's namespace arrives when one of its screens first renders.
 */
export const preloadNamespaces = ['settings', ...addOns.flatMap((a) => a.preloadNamespaces)]

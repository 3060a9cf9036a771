import type { i18n as I18n } from 'i18next'

/** Namespace holding the wording of the template/demo UI pages. */
export const DEMO_UI_NS = 'demo-ui'

type Bundle = { default: Record<string, unknown> }

// One chunk per language, so a page only downloads the language in use.
const bundles = import.meta.glob<Bundle>(['./*.ts', '!./*.test.ts', '!./load-demo-ui.ts', '!./nav.ts'])

const pending = new WeakMap<I18n, Map<string, Promise<void>>>()

export function isDemoUiLoaded(i18n: I18n, lang: string): boolean {
  return i18n.hasResourceBundle(lang, DEMO_UI_NS) && i18n.hasResourceBundle('en', DEMO_UI_NS)
}

async function addBundle(i18n: I18n, lang: string): Promise<void> {
  if (i18n.hasResourceBundle(lang, DEMO_UI_NS)) return
  const load = bundles[`./${lang}.ts`]
  if (!load) return
  const mod = await load()
  i18n.addResourceBundle(lang, DEMO_UI_NS, mod.default, true, true)
}

/** Loads the language and its English fallback once per i18n instance; the promise is stable for React's `use`. */
export function loadDemoUi(i18n: I18n, lang: string): Promise<void> {
  let perInstance = pending.get(i18n)
  if (!perInstance) {
    perInstance = new Map()
    pending.set(i18n, perInstance)
  }
  let p = perInstance.get(lang)
  if (!p) {
    p = Promise.all([addBundle(i18n, 'en'), addBundle(i18n, lang)]).then(() => undefined)
    perInstance.set(lang, p)
  }
  return p
}

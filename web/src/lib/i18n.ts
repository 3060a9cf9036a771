import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { isRtlLang } from '@/config/theme-config'
import { LANGUAGES, type Lang } from './api-types'

export function isLang(v: string | null | undefined): v is Lang {
  return !!v && (LANGUAGES as readonly string[]).includes(v)
}

/** Document language and direction follow the interface language. */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang === 'cn' ? 'zh-CN' : lang === 'br' ? 'pt-BR' : lang
  document.documentElement.dir = isRtlLang(lang) ? 'rtl' : 'ltr'
}

/** Translations of one namespace in one language: parsed JSON, fetched as its own chunk. */
export type LocaleLoader = () => Promise<Record<string, unknown>>
/** namespace → language → loader. */
export type LocaleSources = Record<string, Partial<Record<string, LocaleLoader>>>

/** The shell's namespace (menu, errors, shared wording); the site's own wording is merged into it. */
export const DEFAULT_NS = 'shell'

/**
 * Maps bundler globs of `<folder>/<namespace>/<lang>.json` to sources. `rename`
 * gives a folder a namespace name other than its own.
 */
export function localeSourcesFromGlob(modules: Record<string, LocaleLoader>, rename: Record<string, string> = {}): LocaleSources {
  const out: LocaleSources = {}
  for (const [path, load] of Object.entries(modules)) {
    const [, folder, lang] = /([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
    if (!folder || !lang) continue
    const ns = rename[folder] ?? folder
    ;(out[ns] ??= {})[lang] = load
  }
  return out
}

/** The one loader: i18next asks for (language, namespace) and gets the JSON chunk. */
function jsonBackend(sources: LocaleSources): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(lng: string, ns: string, done: ReadCallback) {
      const load = sources[ns]?.[lng]
      // A namespace missing in a language falls back to English through i18next.
      if (!load) return done(null, {})
      load().then(
        (data) => done(null, data),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), null),
      )
    },
  }
}

export async function initI18n(opts: {
  lang: Lang
  additionalTranslations: Record<string, Record<string, string>>
  sources: LocaleSources
  /** Namespaces every screen needs (menu labels); others load when a page asks. */
  preload?: string[]
}): Promise<I18n> {
  const instance = i18next.createInstance()
  const siteWording = new Map<string, Record<string, string>>()
  for (const [lng, entries] of Object.entries(opts.additionalTranslations)) if (isLang(lng)) siteWording.set(lng, entries)
  // Site wording arrives as flat dotted keys ("site.hero.title"); i18next nests them.
  // It is added every time a language's product namespace arrives.
  instance.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
    for (const lng of Object.keys(loaded)) {
      const entries = siteWording.get(lng)
      if (entries && loaded[lng]?.[DEFAULT_NS]) instance.addResources(lng, DEFAULT_NS, entries)
    }
  })
  await instance
    .use(jsonBackend(opts.sources))
    .use(initReactI18next)
    .init({
      lng: opts.lang,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [DEFAULT_NS, ...(opts.preload ?? [])],
      defaultNS: DEFAULT_NS,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  applyDocumentLanguage(opts.lang)
  instance.on('languageChanged', applyDocumentLanguage)
  return instance
}

/** Loads the language's namespaces in use if needed, then switches to it. */
export async function switchLanguage(instance: I18n, lang: Lang): Promise<void> {
  await instance.loadLanguages(lang)
  await instance.changeLanguage(lang)
}

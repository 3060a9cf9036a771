import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { isRtlLang } from '@/config/theme-config'
import { LANGUAGES, type Lang } from './api-types'
import { en, loadMessages } from '@/locales/load'

export function isLang(v: string | null | undefined): v is Lang {
  return !!v && (LANGUAGES as readonly string[]).includes(v)
}

/** Document language and direction follow the interface language. */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang === 'cn' ? 'zh-CN' : lang === 'br' ? 'pt-BR' : lang
  document.documentElement.dir = isRtlLang(lang) ? 'rtl' : 'ltr'
}

export async function initI18n(opts: {
  lang: Lang
  additionalTranslations: Record<string, Record<string, string>>
}): Promise<I18n> {
  const instance = i18next.createInstance()
  const resources = { en: { translation: en }, [opts.lang]: { translation: await loadMessages(opts.lang) } }
  await instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
    lng: opts.lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  // Site wording arrives as flat dotted keys ("site.hero.title"); i18next nests them.
  const siteWording = new Map<string, Record<string, string>>()
  for (const [lng, entries] of Object.entries(opts.additionalTranslations)) {
    if (!isLang(lng)) continue
    siteWording.set(lng, entries)
    instance.addResources(lng, 'translation', entries)
  }
  applyDocumentLanguage(opts.lang)
  instance.on('languageChanged', applyDocumentLanguage)
  loaded.set(instance, new Set(['en', opts.lang]))
  wording.set(instance, siteWording)
  return instance
}

const loaded = new WeakMap<I18n, Set<string>>()
const wording = new WeakMap<I18n, Map<string, Record<string, string>>>()

/** Loads the language's translations if needed, then switches to it. */
export async function switchLanguage(instance: I18n, lang: Lang): Promise<void> {
  const have = loaded.get(instance) ?? new Set<string>()
  if (!have.has(lang)) {
    // Deep-merge keeps site wording already added for this language.
    instance.addResourceBundle(lang, 'translation', await loadMessages(lang), true, false)
    const site = wording.get(instance)?.get(lang)
    if (site) instance.addResources(lang, 'translation', site)
    have.add(lang)
    loaded.set(instance, have)
  }
  await instance.changeLanguage(lang)
}

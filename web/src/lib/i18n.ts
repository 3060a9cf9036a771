import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { isRtlLang } from '@/config/theme-config'
import { LANGUAGES, type Lang } from './api-types'
import { resources } from '@/locales/resources'

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
  await instance.use(initReactI18next).init({
    resources,
    lng: opts.lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  // Site wording arrives as flat dotted keys ("site.hero.title"); i18next nests them.
  for (const [lng, entries] of Object.entries(opts.additionalTranslations)) {
    if (isLang(lng)) instance.addResources(lng, 'translation', entries)
  }
  applyDocumentLanguage(opts.lang)
  instance.on('languageChanged', applyDocumentLanguage)
  return instance
}

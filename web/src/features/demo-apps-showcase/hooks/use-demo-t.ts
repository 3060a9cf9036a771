import type { i18n as I18n } from 'i18next'
import { useEffect, useReducer } from 'react'
import { useTranslation } from 'react-i18next'
import en, { type DemoAppsMessages } from '@/locales/demo-apps/en'

export const DEMO_NS = 'demoApps'

// English ships with the demo chunk as the fallback (added silently, as this
// runs during render); every other language is its own chunk, fetched the
// first time a demo page is shown in it.
const languages = import.meta.glob<{ default: DemoAppsMessages }>([
  '../../../locales/demo-apps/*.ts',
  '!../../../locales/demo-apps/en.ts',
  '!../../../locales/demo-apps/nav.ts',
  '!../../../locales/demo-apps/*.test.ts',
])

const requested = new WeakMap<I18n, Map<string, Promise<void>>>()

function ensureEnglish(i18n: I18n): void {
  if (!i18n.hasResourceBundle('en', DEMO_NS)) i18n.addResourceBundle('en', DEMO_NS, en, true, false, { silent: true })
}

/** Adds English at once and loads `lang`; resolves when the language is available. */
export function ensureDemoBundles(i18n: I18n, lang: string): Promise<void> {
  ensureEnglish(i18n)
  const pending = requested.get(i18n) ?? new Map<string, Promise<void>>()
  requested.set(i18n, pending)
  const known = pending.get(lang)
  if (known) return known
  const load = languages[`../../../locales/demo-apps/${lang}.ts`]
  if (!load || i18n.hasResourceBundle(lang, DEMO_NS)) return Promise.resolve()
  const p = load().then((mod) => {
    i18n.addResourceBundle(lang, DEMO_NS, mod.default, true, true)
  })
  pending.set(lang, p)
  return p
}

export function useDemoT() {
  const { i18n } = useTranslation()
  const lang = i18n.language
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  ensureEnglish(i18n)
  useEffect(() => {
    let live = true
    // Until the language arrives, English shows; then the page re-renders.
    void ensureDemoBundles(i18n, lang).then(() => live && rerender())
    return () => {
      live = false
    }
  }, [i18n, lang])
  return useTranslation(DEMO_NS)
}

const INTL_LOCALE: Record<string, string> = { cn: 'zh-CN', br: 'pt-BR', ar: 'ar' }

export function intlLocale(lang: string): string {
  return INTL_LOCALE[lang] ?? lang
}

/** Number, money and date formatting in the interface language. */
export function useDemoFormat() {
  const { i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return {
    money: (v: number, currency = 'USD') => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(v),
    number: (v: number) => new Intl.NumberFormat(locale).format(v),
    percent: (v: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(v),
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)),
    dateTime: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    time: (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso)),
    region: (code: string) => new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code,
  }
}

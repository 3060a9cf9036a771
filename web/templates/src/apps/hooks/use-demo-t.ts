import { useTranslation } from 'react-i18next'
import { DEMO_APPS_NS } from '../../locales/namespaces'

/** The wording of the template apps; suspends until the current language has loaded. */
export function useDemoT() {
  return useTranslation(DEMO_APPS_NS)
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
    /** Day and month for chart axes ("1 Nov", "1 نوفمبر"): short, and free of the direction marks of numeric dates. */
    dayMonth: (iso: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(new Date(iso)),
    dateTime: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    time: (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso)),
    region: (code: string) => new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code,
  }
}

import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from '../apps/hooks/use-demo-t'

/**
 * Percentages and decimals in the interface language: "4,5 %" in Polish,
 * Arabic-Indic digits in Arabic, never a hand-made "4.5%".
 */
export function useNumberFormat() {
  const { i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return useMemo(() => formatters(locale), [locale])
}

function formatters(locale: string) {
  return {
    /** `value` in percent (45 → "45 %"); `signed` adds "+" to a rise. */
    percent: (value: number, opts: { signed?: boolean } = {}) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: opts.signed ? 'exceptZero' : 'auto' }).format(value / 100),
    decimal: (value: number, digits: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
    money: (value: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
  }
}

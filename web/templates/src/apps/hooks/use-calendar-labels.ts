import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from './use-demo-t'

/** Month and weekday names come from the platform in the interface language. */
export function useCalendarLabels() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const locale = intlLocale(i18n.language)
    const month = new Intl.DateTimeFormat(locale, { month: 'short' })
    const day = new Intl.DateTimeFormat(locale, { weekday: 'short' })
    return {
      months: Array.from({ length: 12 }, (_, i) => month.format(new Date(2026, i, 1))),
      // 2026-11-16 is a Monday.
      weekdays: Array.from({ length: 7 }, (_, i) => day.format(new Date(2026, 10, 16 + i))),
    }
  }, [i18n.language])
}

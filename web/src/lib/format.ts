import type { Money } from './api-types'

const LOCALE: Record<string, string> = { cn: 'zh-CN', br: 'pt-BR', ar: 'ar' }

export function intlLocale(lang: string): string {
  return LOCALE[lang] ?? lang
}

export function formatMoney(m: Money, lang: string): string {
  const n = Number(m.amount)
  if (!Number.isFinite(n)) return `${m.amount} ${m.currency}`
  try {
    return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: m.currency }).format(n)
  } catch {
    return `${m.amount} ${m.currency}`
  }
}

export function formatDateTime(iso: string, lang: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' })
}

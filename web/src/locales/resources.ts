import type { Lang } from '@/lib/api-types'
import en, { type Messages } from './en'

export const resources: Record<Lang, { translation: Messages }> = {
  en: { translation: en },
  pl: { translation: en },
  es: { translation: en },
  fr: { translation: en },
  it: { translation: en },
  pt: { translation: en },
  de: { translation: en },
  cn: { translation: en },
  br: { translation: en },
  ar: { translation: en },
}

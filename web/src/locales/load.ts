import type { Lang } from '@/lib/api-types'
import en, { type Messages } from './en'

// English is the fallback and always present; other languages load on demand.
const lazy = import.meta.glob<Messages>(['./*.ts', '!./en.ts', '!./load.ts', '!./resources.ts', '!./*.test.ts'], { import: 'default' })

export async function loadMessages(lang: Lang): Promise<Messages> {
  if (lang === 'en') return en
  const load = lazy[`./${lang}.ts`]
  if (!load) throw new Error(`No translations for ${lang}`)
  return load()
}

export { en }

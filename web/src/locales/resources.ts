import type { Lang } from '@/lib/api-types'
import ar from './ar'
import br from './br'
import cn from './cn'
import de from './de'
import en, { type Messages } from './en'
import es from './es'
import fr from './fr'
import it from './it'
import pl from './pl'
import pt from './pt'

export const resources: Record<Lang, { translation: Messages }> = {
  en: { translation: en },
  pl: { translation: pl },
  es: { translation: es },
  fr: { translation: fr },
  it: { translation: it },
  pt: { translation: pt },
  de: { translation: de },
  cn: { translation: cn },
  br: { translation: br },
  ar: { translation: ar },
}

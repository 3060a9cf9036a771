import type { PageMeta } from '@/lib/api-types'
import { HelpCenter } from '../../../apps/components/front/help-center'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function HelpCenterRoute() {
  return <HelpCenter />
}

import type { PageMeta } from '@/lib/api-types'
import { HelpCenter } from '@/features/demo-apps-showcase/components/front/help-center'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function HelpCenterRoute() {
  return <HelpCenter />
}

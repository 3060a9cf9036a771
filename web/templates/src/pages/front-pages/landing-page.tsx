import type { PageMeta } from '@/lib/api-types'
import { LandingPage } from '../../apps/components/front/landing-page'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function LandingPageRoute() {
  return <LandingPage />
}

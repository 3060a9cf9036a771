import type { PageMeta } from '@/lib/api-types'
import { PricingPage } from '../../apps/components/front/pricing-page'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PricingPageRoute() {
  return <PricingPage />
}

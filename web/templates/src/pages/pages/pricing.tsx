import { PricingDemo } from '../../misc/components/pricing-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesPricingPage() {
  return (
    <DemoUiPage title="pricing.title" subtitle="pricing.subtitle">
      <PricingDemo />
    </DemoUiPage>
  )
}

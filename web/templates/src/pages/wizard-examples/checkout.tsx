import type { PageMeta } from '@/lib/api-types'
import { CheckoutWizard } from '../../apps/components/wizards/checkout-wizard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CheckoutWizardPage() {
  return <CheckoutWizard />
}

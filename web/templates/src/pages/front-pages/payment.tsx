import type { PageMeta } from '@/lib/api-types'
import { PaymentPage } from '../../apps/components/front/payment-page'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PaymentPageRoute() {
  return <PaymentPage />
}

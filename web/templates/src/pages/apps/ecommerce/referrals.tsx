import type { PageMeta } from '@/lib/api-types'
import { Referrals } from '../../../apps/components/ecommerce/referrals'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ReferralsPage() {
  return <Referrals />
}

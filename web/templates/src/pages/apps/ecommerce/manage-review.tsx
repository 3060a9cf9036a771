import type { PageMeta } from '@/lib/api-types'
import { ManageReview } from '../../../apps/components/ecommerce/manage-review'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ManageReviewPage() {
  return <ManageReview />
}

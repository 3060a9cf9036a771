import { ListingForm } from '@/features/listings/components/listing-form'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function AddNewPage() {
  return <ListingForm />
}

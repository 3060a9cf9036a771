import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { CustomerDetails } from '../../../../../apps/components/ecommerce/customer-details'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CustomerDetailsPage() {
  const { id = '' } = useParams()
  return <CustomerDetails key={id} id={id} />
}

import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { OrderDetails } from '../../../../../apps/components/ecommerce/order-details'

export const meta: PageMeta = { layout: 'default', public: false }

export default function OrderDetailsPage() {
  const { id = '' } = useParams()
  return <OrderDetails key={id} id={id} />
}

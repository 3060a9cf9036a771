import type { PageMeta } from '@/lib/api-types'
import { OrderList } from '../../../../apps/components/ecommerce/order-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function OrderListPage() {
  return <OrderList />
}

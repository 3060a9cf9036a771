import type { PageMeta } from '@/lib/api-types'
import { CustomerList } from '../../../../apps/components/ecommerce/customer-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CustomerListPage() {
  return <CustomerList />
}

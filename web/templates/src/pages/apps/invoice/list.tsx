import type { PageMeta } from '@/lib/api-types'
import { InvoiceList } from '../../../apps/components/invoice/invoice-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoiceListPage() {
  return <InvoiceList />
}

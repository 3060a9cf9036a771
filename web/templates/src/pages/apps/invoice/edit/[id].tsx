import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { InvoiceEditor } from '../../../../apps/components/invoice/invoice-editor'
import { NotFoundCard } from '../../../../apps/components/not-found-card'
import { invoices } from '../../../../apps/data/invoices'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoiceEditPage() {
  const { id = '' } = useParams()
  const invoice = invoices.find((i) => String(i.id) === id)
  if (!invoice) return <NotFoundCard backTo="/apps/invoice/list" />
  return <InvoiceEditor key={id} initial={invoice} />
}

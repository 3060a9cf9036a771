import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { InvoiceEditor } from '@/templates/apps/components/invoice/invoice-editor'
import { NotFoundCard } from '@/templates/apps/components/not-found-card'
import { invoices } from '@/templates/apps/data/invoices'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoiceEditPage() {
  const { id = '' } = useParams()
  const invoice = invoices.find((i) => String(i.id) === id)
  if (!invoice) return <NotFoundCard backTo="/apps/invoice/list" />
  return <InvoiceEditor key={id} initial={invoice} />
}

import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { InvoiceEditor } from '@/features/demo-apps-showcase/components/invoice/invoice-editor'
import { NotFoundCard } from '@/features/demo-apps-showcase/components/not-found-card'
import { invoices } from '@/features/demo-apps-showcase/data/invoices'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoiceEditPage() {
  const { id = '' } = useParams()
  const invoice = invoices.find((i) => String(i.id) === id)
  if (!invoice) return <NotFoundCard backTo="/apps/invoice/list" />
  return <InvoiceEditor key={id} initial={invoice} />
}

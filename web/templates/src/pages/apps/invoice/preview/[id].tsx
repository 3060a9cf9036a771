import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { InvoicePreview } from '../../../../apps/components/invoice/invoice-preview'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoicePreviewPage() {
  const { id = '' } = useParams()
  return <InvoicePreview key={id} id={id} />
}

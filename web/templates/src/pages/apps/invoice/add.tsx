import type { PageMeta } from '@/lib/api-types'
import { InvoiceEditor } from '../../../apps/components/invoice/invoice-editor'

export const meta: PageMeta = { layout: 'default', public: false }

export default function InvoiceAddPage() {
  return <InvoiceEditor />
}

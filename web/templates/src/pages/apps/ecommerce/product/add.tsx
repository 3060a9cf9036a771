import type { PageMeta } from '@/lib/api-types'
import { ProductAdd } from '../../../../apps/components/ecommerce/product-add'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ProductAddPage() {
  return <ProductAdd />
}

import type { PageMeta } from '@/lib/api-types'
import { ProductList } from '../../../../apps/components/ecommerce/product-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ProductListPage() {
  return <ProductList />
}

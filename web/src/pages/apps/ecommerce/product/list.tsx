import type { PageMeta } from '@/lib/api-types'
import { ProductList } from '@/templates/apps/components/ecommerce/product-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ProductListPage() {
  return <ProductList />
}

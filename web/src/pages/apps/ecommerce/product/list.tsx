import type { PageMeta } from '@/lib/api-types'
import { ProductList } from '@/features/demo-apps-showcase/components/ecommerce/product-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ProductListPage() {
  return <ProductList />
}

import type { PageMeta } from '@/lib/api-types'
import { CategoryList } from '../../../../apps/components/ecommerce/category-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function CategoryListPage() {
  return <CategoryList />
}

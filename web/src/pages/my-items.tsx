import { MyItems } from '@/features/listings/components/my-items'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function MyItemsPage() {
  return <MyItems />
}

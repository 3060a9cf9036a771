import type { PageMeta } from '@/lib/api-types'
import { RolesView } from '../../apps/components/users/roles-view'

export const meta: PageMeta = { layout: 'default', public: false }

export default function RolesPage() {
  return <RolesView />
}

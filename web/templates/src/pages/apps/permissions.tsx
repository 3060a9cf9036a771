import type { PageMeta } from '@/lib/api-types'
import { PermissionsView } from '../../apps/components/users/permissions-view'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PermissionsPage() {
  return <PermissionsView />
}

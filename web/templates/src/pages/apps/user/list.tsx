import type { PageMeta } from '@/lib/api-types'
import { UserList } from '../../../apps/components/users/user-list'

export const meta: PageMeta = { layout: 'default', public: false }

export default function UserListPage() {
  return <UserList />
}

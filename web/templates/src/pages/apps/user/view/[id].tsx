import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { UserView } from '../../../../apps/components/users/user-view'

export const meta: PageMeta = { layout: 'default', public: false }

export default function UserViewPage() {
  const { id = '' } = useParams()
  return <UserView key={id} id={id} />
}

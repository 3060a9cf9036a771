import { AdminRoomsPage } from '@/features/admin-rooms/components/admin-rooms-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', action: 'manage', subject: 'all' }

export default function AdminRooms() {
  return <AdminRoomsPage />
}

import type { PageMeta } from '@/lib/api-types'
import { AcademyDashboard } from '../../../apps/components/academy/academy-dashboard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function AcademyDashboardPage() {
  return <AcademyDashboard />
}

import type { PageMeta } from '@/lib/api-types'
import { LogisticsDashboard } from '../../../apps/components/logistics/logistics-dashboard'

// Admin landing page: the same ability the admin menu entry asks for.
export const meta: PageMeta = { layout: 'default', public: false, action: 'manage', subject: 'all' }

export default function LogisticsOverviewPage() {
  return <LogisticsDashboard variant="overview" />
}

import type { PageMeta } from '@/lib/api-types'
import { LogisticsDashboard } from '../../../apps/components/logistics/logistics-dashboard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function LogisticsDashboardPage() {
  return <LogisticsDashboard variant="operations" />
}

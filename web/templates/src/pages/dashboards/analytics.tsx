import type { PageMeta } from '@/lib/api-types'
import { AnalyticsDashboard } from '../../apps/components/dashboards/analytics-dashboard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function Page() {
  return <AnalyticsDashboard />
}

import type { PageMeta } from '@/lib/api-types'
import { CrmDashboard } from '../../apps/components/dashboards/crm-dashboard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function Page() {
  return <CrmDashboard />
}

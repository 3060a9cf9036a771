import type { PageMeta } from '@/lib/api-types'
import { EcommerceDashboard } from '../../apps/components/dashboards/ecommerce-dashboard'

export const meta: PageMeta = { layout: 'default', public: false }

export default function Page() {
  return <EcommerceDashboard />
}

import type { PageMeta } from '@/lib/api-types'
import { LogisticsDashboard } from '../../../apps/components/logistics/logistics-dashboard'
import { ScopeGate } from '../../../apps/components/scope-gate'

// Sign-in is enforced by meta; the admin2 token scope by the gate.
export const meta: PageMeta = { layout: 'default', public: false }

export default function LogisticsNetworkPage() {
  return (
    <ScopeGate scope="admin2">
      <LogisticsDashboard variant="network" />
    </ScopeGate>
  )
}

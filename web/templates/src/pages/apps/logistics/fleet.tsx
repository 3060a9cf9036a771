import type { PageMeta } from '@/lib/api-types'
import { FleetView } from '../../../apps/components/logistics/fleet-view'

export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function Page() {
  return <FleetView />
}

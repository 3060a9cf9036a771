import { UnderMaintenanceDemo } from '../../../misc/components/under-maintenance-demo'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesMiscUnderMaintenancePage() {
  return (
    <DemoUiPage title="misc.maintenance.title">
      <UnderMaintenanceDemo />
    </DemoUiPage>
  )
}

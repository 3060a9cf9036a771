import { DataTableDemo } from '@/features/demo-ui-tables/components/data-table-demo'
import { DemoUiPage } from '@/features/demo-ui-kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function TablesDataTablePage() {
  return (
    <DemoUiPage title="tables.dataPageTitle">
      <DataTableDemo />
    </DemoUiPage>
  )
}

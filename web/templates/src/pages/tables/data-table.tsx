import { DataTableDemo } from '../../tables/components/data-table-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function TablesDataTablePage() {
  return (
    <DemoUiPage title="tables.dataPageTitle">
      <DataTableDemo />
    </DemoUiPage>
  )
}

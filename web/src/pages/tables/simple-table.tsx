import { SimpleTableDemos } from '@/templates/tables/components/simple-table-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function TablesSimpleTablePage() {
  return (
    <DemoUiPage title="tables.simplePageTitle">
      <SimpleTableDemos />
    </DemoUiPage>
  )
}

import { SimpleTableDemos } from '../../tables/components/simple-table-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function TablesSimpleTablePage() {
  return (
    <DemoUiPage title="tables.simplePageTitle">
      <SimpleTableDemos />
    </DemoUiPage>
  )
}

import { ListDemos } from '../../components/components/list-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsListPage() {
  return (
    <DemoUiPage title="components.list.title">
      <ListDemos />
    </DemoUiPage>
  )
}

import { ListDemos } from '@/features/demo-ui-components/components/list-demos'
import { DemoUiPage } from '@/features/demo-ui-kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsListPage() {
  return (
    <DemoUiPage title="components.list.title">
      <ListDemos />
    </DemoUiPage>
  )
}

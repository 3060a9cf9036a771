import { TabsDemos } from '../../components/components/tabs-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsTabsPage() {
  return (
    <DemoUiPage title="components.tabs.title">
      <TabsDemos />
    </DemoUiPage>
  )
}

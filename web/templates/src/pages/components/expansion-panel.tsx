import { ExpansionPanelDemos } from '../../components/components/expansion-panel-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsExpansionPanelPage() {
  return (
    <DemoUiPage title="components.expansion.title">
      <ExpansionPanelDemos />
    </DemoUiPage>
  )
}

import { ProgressLinearDemos } from '../../components/components/progress-linear-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsProgressLinearPage() {
  return (
    <DemoUiPage title="components.progress.linearTitle">
      <ProgressLinearDemos />
    </DemoUiPage>
  )
}

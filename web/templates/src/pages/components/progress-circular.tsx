import { ProgressCircularDemos } from '../../components/components/progress-circular-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsProgressCircularPage() {
  return (
    <DemoUiPage title="components.progress.circularTitle">
      <ProgressCircularDemos />
    </DemoUiPage>
  )
}

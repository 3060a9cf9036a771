import { ProgressCircularDemos } from '@/templates/components/components/progress-circular-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsProgressCircularPage() {
  return (
    <DemoUiPage title="components.progress.circularTitle">
      <ProgressCircularDemos />
    </DemoUiPage>
  )
}

import { TimelineDemos } from '../../components/components/timeline-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsTimelinePage() {
  return (
    <DemoUiPage title="components.timeline.title">
      <TimelineDemos />
    </DemoUiPage>
  )
}

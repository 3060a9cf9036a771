import { ComingSoonDemo } from '../../../misc/components/coming-soon-demo'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesMiscComingSoonPage() {
  return (
    <DemoUiPage title="misc.soon.title">
      <ComingSoonDemo />
    </DemoUiPage>
  )
}

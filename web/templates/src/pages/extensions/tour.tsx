import { TourDemo } from '../../extensions/components/tour-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ExtensionsTourPage() {
  return (
    <DemoUiPage title="extensions.tour.title">
      <TourDemo />
    </DemoUiPage>
  )
}

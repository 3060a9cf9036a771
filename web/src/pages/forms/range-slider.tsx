import { RangeSliderDemos } from '@/templates/forms/components/range-slider-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsRangeSliderPage() {
  return (
    <DemoUiPage title="forms.range.title">
      <RangeSliderDemos />
    </DemoUiPage>
  )
}

import { RangeSliderDemos } from '../../forms/components/range-slider-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsRangeSliderPage() {
  return (
    <DemoUiPage title="forms.range.title">
      <RangeSliderDemos />
    </DemoUiPage>
  )
}

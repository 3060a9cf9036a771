import { SliderDemos } from '../../forms/components/slider-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsSliderPage() {
  return (
    <DemoUiPage title="forms.slider.title">
      <SliderDemos />
    </DemoUiPage>
  )
}

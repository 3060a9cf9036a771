import { SliderDemos } from '@/templates/forms/components/slider-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsSliderPage() {
  return (
    <DemoUiPage title="forms.slider.title">
      <SliderDemos />
    </DemoUiPage>
  )
}

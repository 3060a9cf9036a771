import { RadioDemos } from '../../forms/components/radio-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsRadioPage() {
  return (
    <DemoUiPage title="forms.radio.title">
      <RadioDemos />
    </DemoUiPage>
  )
}

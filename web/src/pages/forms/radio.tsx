import { RadioDemos } from '@/features/demo-ui-forms/components/radio-demos'
import { DemoUiPage } from '@/features/demo-ui-kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsRadioPage() {
  return (
    <DemoUiPage title="forms.radio.title">
      <RadioDemos />
    </DemoUiPage>
  )
}

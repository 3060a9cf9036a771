import { SwitchDemos } from '../../forms/components/switch-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsSwitchPage() {
  return (
    <DemoUiPage title="forms.switch.title">
      <SwitchDemos />
    </DemoUiPage>
  )
}

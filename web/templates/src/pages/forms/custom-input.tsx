import { CustomInputDemos } from '../../forms/components/custom-input-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsCustomInputPage() {
  return (
    <DemoUiPage title="forms.custom.title">
      <CustomInputDemos />
    </DemoUiPage>
  )
}

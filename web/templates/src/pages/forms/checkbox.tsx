import { CheckboxDemos } from '../../forms/components/checkbox-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsCheckboxPage() {
  return (
    <DemoUiPage title="forms.checkbox.title">
      <CheckboxDemos />
    </DemoUiPage>
  )
}

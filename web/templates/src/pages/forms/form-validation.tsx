import { FormValidationDemo } from '../../forms/components/form-validation-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsFormValidationPage() {
  return (
    <DemoUiPage title="forms.validation.title">
      <FormValidationDemo />
    </DemoUiPage>
  )
}

import { FormWizardIcons } from '@/templates/forms/components/form-wizard'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsFormWizardIconsPage() {
  return (
    <DemoUiPage title="forms.wizard.iconsTitle">
      <FormWizardIcons />
    </DemoUiPage>
  )
}

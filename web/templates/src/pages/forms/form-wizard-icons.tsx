import { FormWizardIcons } from '../../forms/components/form-wizard'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsFormWizardIconsPage() {
  return (
    <DemoUiPage title="forms.wizard.iconsTitle">
      <FormWizardIcons />
    </DemoUiPage>
  )
}

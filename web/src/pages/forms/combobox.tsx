import { ComboboxDemos } from '@/features/demo-ui-forms/components/combobox-demos'
import { DemoUiPage } from '@/features/demo-ui-kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsComboboxPage() {
  return (
    <DemoUiPage title="forms.combobox.title">
      <ComboboxDemos />
    </DemoUiPage>
  )
}

import { ComboboxDemos } from '../../forms/components/combobox-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsComboboxPage() {
  return (
    <DemoUiPage title="forms.combobox.title">
      <ComboboxDemos />
    </DemoUiPage>
  )
}

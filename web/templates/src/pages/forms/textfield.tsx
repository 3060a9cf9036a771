import { TextfieldDemos } from '../../forms/components/textfield-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsTextfieldPage() {
  return (
    <DemoUiPage title="forms.textfield.title">
      <TextfieldDemos />
    </DemoUiPage>
  )
}

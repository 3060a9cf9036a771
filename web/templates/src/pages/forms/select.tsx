import { SelectDemos } from '../../forms/components/select-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsSelectPage() {
  return (
    <DemoUiPage title="forms.select.title">
      <SelectDemos />
    </DemoUiPage>
  )
}

import { FormLayoutsDemos } from '../../forms/components/form-layouts-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsFormLayoutsPage() {
  return (
    <DemoUiPage title="forms.layouts.title">
      <FormLayoutsDemos />
    </DemoUiPage>
  )
}

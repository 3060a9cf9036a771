import { DialogExamplesDemo } from '../../misc/components/dialog-examples-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesDialogExamplesPage() {
  return (
    <DemoUiPage title="dialogs.pageTitle">
      <DialogExamplesDemo />
    </DemoUiPage>
  )
}

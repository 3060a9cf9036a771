import { DialogDemos } from '@/templates/components/components/dialog-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsDialogPage() {
  return (
    <DemoUiPage title="components.dialog.title">
      <DialogDemos />
    </DemoUiPage>
  )
}

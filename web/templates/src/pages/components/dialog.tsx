import { DialogDemos } from '../../components/components/dialog-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsDialogPage() {
  return (
    <DemoUiPage title="components.dialog.title">
      <DialogDemos />
    </DemoUiPage>
  )
}

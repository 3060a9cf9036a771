import { FileInputDemos } from '../../forms/components/file-input-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsFileInputPage() {
  return (
    <DemoUiPage title="forms.files.title">
      <FileInputDemos />
    </DemoUiPage>
  )
}

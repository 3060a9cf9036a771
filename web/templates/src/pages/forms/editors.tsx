import { EditorsDemos } from '../../forms/components/editors-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsEditorsPage() {
  return (
    <DemoUiPage title="forms.editors.title">
      <EditorsDemos />
    </DemoUiPage>
  )
}

import { TextareaDemos } from '../../forms/components/textarea-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsTextareaPage() {
  return (
    <DemoUiPage title="forms.textarea.title">
      <TextareaDemos />
    </DemoUiPage>
  )
}

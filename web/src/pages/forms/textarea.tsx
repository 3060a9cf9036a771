import { TextareaDemos } from '@/templates/forms/components/textarea-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsTextareaPage() {
  return (
    <DemoUiPage title="forms.textarea.title">
      <TextareaDemos />
    </DemoUiPage>
  )
}

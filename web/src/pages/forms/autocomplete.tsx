import { AutocompleteDemos } from '@/templates/forms/components/autocomplete-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsAutocompletePage() {
  return (
    <DemoUiPage title="forms.autocomplete.title">
      <AutocompleteDemos />
    </DemoUiPage>
  )
}

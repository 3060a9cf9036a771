import { AutocompleteDemos } from '../../forms/components/autocomplete-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsAutocompletePage() {
  return (
    <DemoUiPage title="forms.autocomplete.title">
      <AutocompleteDemos />
    </DemoUiPage>
  )
}

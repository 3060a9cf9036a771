import { CardAdvanceDemos } from '../../../cards/components/card-advance-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardAdvancePage() {
  return (
    <DemoUiPage title="cards.titles.advance">
      <CardAdvanceDemos />
    </DemoUiPage>
  )
}

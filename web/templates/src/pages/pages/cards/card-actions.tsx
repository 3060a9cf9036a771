import { CardActionsDemos } from '../../../cards/components/card-actions-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardActionsPage() {
  return (
    <DemoUiPage title="cards.titles.actions">
      <CardActionsDemos />
    </DemoUiPage>
  )
}

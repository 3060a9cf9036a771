import { CardWidgetsDemos } from '@/templates/cards/components/card-widgets-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardWidgetsPage() {
  return (
    <DemoUiPage title="cards.titles.widgets">
      <CardWidgetsDemos />
    </DemoUiPage>
  )
}

import { CardWidgetsDemos } from '../../../cards/components/card-widgets-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardWidgetsPage() {
  return (
    <DemoUiPage title="cards.titles.widgets">
      <CardWidgetsDemos />
    </DemoUiPage>
  )
}

import { CardStatisticsDemos } from '../../../cards/components/card-statistics-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardStatisticsPage() {
  return (
    <DemoUiPage title="cards.titles.statistics">
      <CardStatisticsDemos />
    </DemoUiPage>
  )
}

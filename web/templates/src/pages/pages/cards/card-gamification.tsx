import { CardGamificationDemos } from '../../../cards/components/card-gamification-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardGamificationPage() {
  return (
    <DemoUiPage title="cards.titles.gamification">
      <CardGamificationDemos />
    </DemoUiPage>
  )
}

import { CardBasicDemos } from '../../../cards/components/card-basic-demos'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesCardsCardBasicPage() {
  return (
    <DemoUiPage title="cards.titles.basic">
      <CardBasicDemos />
    </DemoUiPage>
  )
}

import { RatingDemos } from '../../forms/components/rating-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function FormsRatingPage() {
  return (
    <DemoUiPage title="forms.rating.title">
      <RatingDemos />
    </DemoUiPage>
  )
}

import { SwiperDemos } from '../../extensions/components/swiper-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ExtensionsSwiperPage() {
  return (
    <DemoUiPage title="extensions.swiper.title">
      <SwiperDemos />
    </DemoUiPage>
  )
}

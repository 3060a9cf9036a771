import { SwiperDemos } from '@/templates/extensions/components/swiper-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ExtensionsSwiperPage() {
  return (
    <DemoUiPage title="extensions.swiper.title">
      <SwiperDemos />
    </DemoUiPage>
  )
}

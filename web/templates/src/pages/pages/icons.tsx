import { IconsDemo } from '../../misc/components/icons-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesIconsPage() {
  return (
    <DemoUiPage title="icons.title">
      <IconsDemo />
    </DemoUiPage>
  )
}

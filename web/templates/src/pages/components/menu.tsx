import { MenuDemos } from '../../components/components/menu-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsMenuPage() {
  return (
    <DemoUiPage title="components.menu.title">
      <MenuDemos />
    </DemoUiPage>
  )
}

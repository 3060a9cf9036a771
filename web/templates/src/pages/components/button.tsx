import { ButtonDemos } from '../../components/components/button-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsButtonPage() {
  return (
    <DemoUiPage title="components.button.title">
      <ButtonDemos />
    </DemoUiPage>
  )
}

import { AlertDemos } from '../../components/components/alert-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsAlertPage() {
  return (
    <DemoUiPage title="components.alert.title">
      <AlertDemos />
    </DemoUiPage>
  )
}

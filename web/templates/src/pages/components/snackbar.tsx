import { SnackbarDemos } from '../../components/components/snackbar-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsSnackbarPage() {
  return (
    <DemoUiPage title="components.snackbar.title">
      <SnackbarDemos />
    </DemoUiPage>
  )
}

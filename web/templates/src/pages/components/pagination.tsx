import { PaginationDemos } from '../../components/components/pagination-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsPaginationPage() {
  return (
    <DemoUiPage title="components.pagination.title">
      <PaginationDemos />
    </DemoUiPage>
  )
}

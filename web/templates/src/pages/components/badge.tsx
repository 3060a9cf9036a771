import { BadgeDemos } from '../../components/components/badge-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsBadgePage() {
  return (
    <DemoUiPage title="components.badge.title">
      <BadgeDemos />
    </DemoUiPage>
  )
}

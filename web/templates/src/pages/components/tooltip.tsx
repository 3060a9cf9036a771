import { TooltipDemos } from '../../components/components/tooltip-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsTooltipPage() {
  return (
    <DemoUiPage title="components.tooltip.title">
      <TooltipDemos />
    </DemoUiPage>
  )
}

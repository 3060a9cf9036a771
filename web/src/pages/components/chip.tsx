import { ChipDemos } from '@/templates/components/components/chip-demos'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsChipPage() {
  return (
    <DemoUiPage title="components.chip.title">
      <ChipDemos />
    </DemoUiPage>
  )
}

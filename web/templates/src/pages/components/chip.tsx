import { ChipDemos } from '../../components/components/chip-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsChipPage() {
  return (
    <DemoUiPage title="components.chip.title">
      <ChipDemos />
    </DemoUiPage>
  )
}

import { TypographyDemo } from '../../misc/components/typography-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesTypographyPage() {
  return (
    <DemoUiPage title="typography.title">
      <TypographyDemo />
    </DemoUiPage>
  )
}

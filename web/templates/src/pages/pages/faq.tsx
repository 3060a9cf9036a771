import { FaqDemo } from '../../misc/components/faq-demo'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function PagesFaqPage() {
  return (
    <DemoUiPage title="faq.title">
      <FaqDemo />
    </DemoUiPage>
  )
}

import { ForgotPasswordV2 } from '../../../auth-pages/components/variants'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationForgotPasswordV2Page() {
  return (
    <DemoUiPage>
      <ForgotPasswordV2 />
    </DemoUiPage>
  )
}

import { ForgotPasswordV2 } from '@/features/demo-ui-auth/components/variants'
import { DemoUiPage } from '@/features/demo-ui-kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationForgotPasswordV2Page() {
  return (
    <DemoUiPage>
      <ForgotPasswordV2 />
    </DemoUiPage>
  )
}

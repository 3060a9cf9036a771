import { ResetPasswordV1 } from '@/templates/auth-pages/components/variants'
import { DemoUiPage } from '@/templates/kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationResetPasswordV1Page() {
  return (
    <DemoUiPage>
      <ResetPasswordV1 />
    </DemoUiPage>
  )
}

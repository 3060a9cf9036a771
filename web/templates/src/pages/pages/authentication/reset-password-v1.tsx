import { ResetPasswordV1 } from '../../../auth-pages/components/variants'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationResetPasswordV1Page() {
  return (
    <DemoUiPage>
      <ResetPasswordV1 />
    </DemoUiPage>
  )
}

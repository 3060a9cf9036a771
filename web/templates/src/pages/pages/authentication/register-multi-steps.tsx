import { RegisterMultiStepsDemo } from '../../../auth-pages/components/register-multi-steps-demo'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationRegisterMultiStepsPage() {
  return (
    <DemoUiPage>
      <RegisterMultiStepsDemo />
    </DemoUiPage>
  )
}

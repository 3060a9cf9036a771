import { RegisterV1 } from '../../../auth-pages/components/variants'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function PagesAuthenticationRegisterV1Page() {
  return (
    <DemoUiPage>
      <RegisterV1 />
    </DemoUiPage>
  )
}

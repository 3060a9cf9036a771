import { AccountSettings } from '../../../account/components/account-settings'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function AccountSettingsPage() {
  return (
    <DemoUiPage title="account.title">
      <AccountSettings />
    </DemoUiPage>
  )
}

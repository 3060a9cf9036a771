import { UserProfile } from '../../../account/components/user-profile'
import { DemoUiPage } from '../../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function UserProfilePage() {
  return (
    <DemoUiPage title="profile.title">
      <UserProfile />
    </DemoUiPage>
  )
}

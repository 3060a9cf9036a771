import { AvatarDemos } from '../../components/components/avatar-demos'
import { DemoUiPage } from '../../kit/components/demo-ui-page'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false }

export default function ComponentsAvatarPage() {
  return (
    <DemoUiPage title="components.avatar.title">
      <AvatarDemos />
    </DemoUiPage>
  )
}

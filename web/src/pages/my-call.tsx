import { loginHref } from '@/app/routing/guard'
import { CallScreen } from '@/features/calls/components/call-screen'
import type { PageMeta } from '@/lib/api-types'

// Public so a signed-out visitor sees the Login button the call screen offers.
export const meta: PageMeta = { layout: 'default', public: true }

export default function MyCallPage() {
  return <CallScreen loginHref={loginHref} />
}

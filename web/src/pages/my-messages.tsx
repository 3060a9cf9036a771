import { MyMessages } from '@/features/messages/components/my-messages'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function MyMessagesPage() {
  return <MyMessages />
}

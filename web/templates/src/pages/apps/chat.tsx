import type { PageMeta } from '@/lib/api-types'
import { ChatApp } from '../../apps/components/chat/chat-app'

export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function ChatPage() {
  return <ChatApp />
}

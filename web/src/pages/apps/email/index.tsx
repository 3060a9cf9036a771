import type { PageMeta } from '@/lib/api-types'
import { EmailApp } from '@/features/demo-apps-showcase/components/email/email-app'

export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function EmailPage() {
  return <EmailApp filter="inbox" />
}

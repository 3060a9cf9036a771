import type { PageMeta } from '@/lib/api-types'
import { EmailApp } from '../../../apps/components/email/email-app'

export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function EmailPage() {
  return <EmailApp filter="inbox" />
}

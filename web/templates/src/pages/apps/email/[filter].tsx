import { useParams } from 'react-router'
import type { PageMeta } from '@/lib/api-types'
import { EmailApp } from '../../../apps/components/email/email-app'

// Serves both /apps/email/:filter (folders) and /apps/email/:label (labels).
export const meta: PageMeta = { layout: 'fixed-height', public: false }

export default function EmailFilterPage() {
  const { filter = 'inbox' } = useParams()
  return <EmailApp filter={filter} />
}

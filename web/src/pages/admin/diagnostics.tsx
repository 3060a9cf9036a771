import { ConnectionDiagnostics } from '@/features/diagnostics/components/connection-diagnostics'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false, action: 'manage', subject: 'all' }

export default function AdminDiagnosticsPage() {
  return <ConnectionDiagnostics />
}

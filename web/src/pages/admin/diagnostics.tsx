import Stack from '@mui/material/Stack'
import { useChannelStates } from '@/features/calls/hooks/use-channel'
import { ConnectionDiagnostics } from '@/features/diagnostics/components/connection-diagnostics'
import { RealtimeStatus } from '@/features/diagnostics/components/realtime-status'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', public: false, action: 'manage', subject: 'all' }

export default function AdminDiagnosticsPage() {
  const channels = useChannelStates()
  return (
    <Stack spacing={3}>
      <ConnectionDiagnostics />
      <RealtimeStatus personal={channels.personal} conference={channels.conference} />
    </Stack>
  )
}

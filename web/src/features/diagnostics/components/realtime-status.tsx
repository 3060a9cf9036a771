import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

export type RealtimeChannelState = 'connecting' | 'connected' | 'disconnected'

const COLOR = { connected: 'success', connecting: 'warning', disconnected: 'default' } as const

/**
 * The two realtime channels of calls: the personal one (invitations and
 * answers) and the one of the current call. For administrators checking a
 * connection; the call screens do not show it.
 */
export function RealtimeStatus({ personal, conference }: { personal: RealtimeChannelState; conference: RealtimeChannelState }) {
  const { t } = useTranslation(['shell', 'diagnostics'])
  const rows = [
    { key: 'personal', state: personal },
    { key: 'conference', state: conference },
  ] as const
  return (
    <Card component="section" aria-labelledby="realtime-status-title">
      <CardContent>
        <Typography id="realtime-status-title" variant="h6" component="h2" gutterBottom>
          {t('diagnostics:realtime.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('diagnostics:realtime.intro')}
        </Typography>
        <Stack spacing={1} role="status" data-testid="realtime-status">
          {rows.map((r) => (
            <Stack key={r.key} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2">{t(`diagnostics:realtime.${r.key}`)}</Typography>
              <Chip size="small" color={COLOR[r.state]} variant={r.state === 'connected' ? 'filled' : 'outlined'} label={t(`diagnostics:realtime.state.${r.state}`)} data-state={r.state} />
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  )
}

import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import { ConnectionState } from 'livekit-client'
import { useTranslation } from 'react-i18next'

export function isReconnecting(state: ConnectionState): boolean {
  return state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting
}

/** Shown while the connection to the call is being restored. */
export function ReconnectingBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation(['shell', 'call-room'])
  if (!isReconnecting(state)) return null
  return (
    <Alert data-testid="reconnecting-banner" role="status" severity="warning" icon={<CircularProgress size={18} color="inherit" aria-hidden />}>
      {t('call-room:reconnecting')}
    </Alert>
  )
}

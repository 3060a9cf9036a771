import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconArrowBackUp, IconPhoneCall, IconPhoneOff } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export type CallEndReason =
  /** someone hung up */
  | 'hangup'
  /** nobody answered within 30 s */
  | 'noAnswer'
  | 'declined'
  /** the caller withdrew the call while it rang */
  | 'cancelled'
  /** the other person of a two-person call hung up */
  | 'peerLeft'
  /** the connection failed */
  | 'failed'
  /** this browser cannot encrypt and the site allows only encrypted calls */
  | 'refused'

/** "m:ss", or "h:mm:ss" from an hour on, in the language's digits. */
export function formatDuration(ms: number, lang: string): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const nf = new Intl.NumberFormat(lang, { minimumIntegerDigits: 2, useGrouping: false })
  const first = new Intl.NumberFormat(lang, { useGrouping: false })
  return h > 0 ? `${first.format(h)}:${nf.format(m)}:${nf.format(s)}` : `${first.format(m)}:${nf.format(s)}`
}

export interface CallEndedProps {
  reason: CallEndReason
  durationMs: number | null
  error?: string
  /** Who left, for 'peerLeft'. */
  who?: string
  /** What the call was about (listing or person), when known. */
  title: string
  /** Rings the same person again; absent when there is nobody to call back. */
  onCallAgain?: () => void
  busy?: boolean
  /** Where the call started (conversation or listing); the messages page otherwise. */
  back: string | null
}

/** After a call: how it ended, how long it lasted, call again, and the way back. */
export function CallEnded({ reason, durationMs, error, who, title, onCallAgain, busy, back }: CallEndedProps) {
  const { t, i18n } = useTranslation(['shell', 'calls'])
  const heading = reason === 'refused' ? t('calls:encryption.refusedTitle') : t('calls:ended.title')
  const backTo = back ?? '/my-messages'
  const backLabel =
    !back || back === '/my-messages' ? t('calls:ended.backToMessages') : back.startsWith('/my-messages') ? t('calls:ended.backToConversation') : t('calls:ended.backToListing')
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', width: '100%' }} data-testid="call-ended" data-reason={reason}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <IconPhoneOff size={40} aria-hidden />
          <Typography variant="h4" component="h1">
            {heading}
          </Typography>
          {title && (
            <Typography variant="h6" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
          )}
          <div role="status">
            {reason !== 'hangup' && reason !== 'refused' && reason !== 'failed' && (
              <Typography variant="subtitle1" component="p" data-testid="end-reason">
                {reason === 'peerLeft' ? t('calls:ended.peerLeft', { name: who || t('calls:call.theOtherPerson') }) : t(`calls:ended.${reason}`)}
              </Typography>
            )}
            {durationMs !== null && (
              <Typography component="p" data-testid="call-duration">
                {t('calls:ended.duration', { duration: formatDuration(durationMs, i18n.language) })}
              </Typography>
            )}
          </div>
          {reason === 'refused' && (
            <Alert severity="error" sx={{ textAlign: 'start' }}>
              {t('calls:encryption.refused')}
            </Alert>
          )}
          {reason === 'failed' && (
            <Alert severity="error" sx={{ textAlign: 'start' }}>
              {error ? t('calls:ended.failedWith', { message: error }) : t('calls:ended.failed')}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {onCallAgain && (
              <Button variant="contained" size="large" startIcon={<IconPhoneCall size={20} aria-hidden />} onClick={onCallAgain} disabled={busy}>
                {t('calls:ended.callAgain')}
              </Button>
            )}
            <Button component={Link} to={backTo} variant="outlined" size="large" startIcon={<IconArrowBackUp size={20} aria-hidden />}>
              {backLabel}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}

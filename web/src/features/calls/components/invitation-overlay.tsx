import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Fade from '@mui/material/Fade'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconPhoneIncoming } from '@tabler/icons-react'
import Alert from '@mui/material/Alert'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '@/lib/use-session'
import { useChannel } from '../hooks/use-channel'
import { askNotificationPermission } from '../alerts/notifications'
import { useIncomingCallAlert } from '../alerts/use-incoming-call-alert'
import { canEncryptCalls, useE2EEPolicy } from '../encryption'
import { INVITATION_VISIBLE_MS, OVERLAY_CLOSE_DELAY_MS, OVERLAY_OPEN_DELAY_MS, invitationsFrom, type Invitation } from '../invitations'
import { conferenceChannel, connectConf, connectPers, personalChannel, sendCallMessage } from '../realtime/channels'

export function InvitationOverlay() {
  const { t } = useTranslation(['shell', 'calls'])
  const navigate = useNavigate()
  const session = useSession()
  const me = session?.userId ?? null
  const personal = useChannel(personalChannel)
  const invitations = invitationsFrom(personal.messages, me, personal.calls)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const policy = useE2EEPolicy()
  const [canEncrypt, setCanEncrypt] = useState<boolean | null>(null)
  const first = invitations[0]
  const caller = first ? first.fromName || t('calls:invitation.someone') : ''
  useIncomingCallAlert({
    key: first ? first.roomName : null,
    message: first ? t('calls:invitation.isCalling', { name: caller }) : '',
    detail: first?.title ? t('calls:invitation.about', { title: first.title }) : '',
  })

  // A site that refuses unencrypted calls: a browser that cannot encrypt
  // is told so before it answers.
  const ringing = invitations.length > 0
  useEffect(() => {
    if (!ringing || policy !== 'refuse' || canEncrypt !== null) return
    let live = true
    void canEncryptCalls().then((ok) => live && setCanEncrypt(ok))
    return () => {
      live = false
    }
  }, [ringing, policy, canEncrypt])
  const refused = policy === 'refuse' && canEncrypt === false

  // The personal channel lives as long as there is an API token to open it with.
  useEffect(() => {
    if (session?.apiToken && session.userId) void connectPers(session.userId)
    else {
      personalChannel.disconnect()
      conferenceChannel.disconnect()
    }
  }, [session?.apiToken, session?.userId])

  const hasInvitations = invitations.length > 0
  useEffect(() => {
    const id = setTimeout(() => setOpen(hasInvitations), hasInvitations ? OVERLAY_OPEN_DELAY_MS : OVERLAY_CLOSE_DELAY_MS)
    return () => clearTimeout(id)
  }, [hasInvitations])

  // Each invitation is offered for a limited time, then dropped unanswered.
  const ids = invitations.map((i) => i.wrapperId).join('|')
  useEffect(() => {
    if (!ids) return
    const timers = ids.split('|').map((id) => setTimeout(() => personalChannel.removeMessage(id), INVITATION_VISIBLE_MS))
    return () => timers.forEach(clearTimeout)
  }, [ids])

  if (!session) return null

  const accept = async (inv: Invitation) => {
    if (!me || refused) return
    askNotificationPermission()
    setBusy(inv.wrapperId)
    try {
      await connectConf(inv.roomName)
      await conferenceChannel.waitConnected()
      await sendCallMessage('acceptcallInvitation', inv.from, me, inv.roomName)
      personalChannel.removeMessage(inv.wrapperId)
      const q = new URLSearchParams({ room: inv.roomName, join: '1', title: inv.title || inv.fromName || '', peer: inv.from })
      if (inv.fromName) q.set('name', inv.fromName)
      navigate(`/my-call?${q.toString()}`)
    } finally {
      setBusy(null)
    }
  }

  const decline = async (inv: Invitation) => {
    if (!me) return
    askNotificationPermission()
    setBusy(inv.wrapperId)
    try {
      await sendCallMessage('rejectcallInvitation', inv.from, me, inv.roomName)
      personalChannel.removeMessage(inv.wrapperId)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Fade in={open && hasInvitations} timeout={{ enter: 200, exit: 200 }} unmountOnExit>
      <Paper
        role="alertdialog"
        aria-label={t('calls:invitation.title')}
        elevation={12}
        sx={{ position: 'fixed', top: 72, insetInlineEnd: 16, zIndex: 'modal', width: 'min(360px, calc(100vw - 32px))', p: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <IconPhoneIncoming size={22} aria-hidden />
          <Typography variant="h6" component="h2">
            {t('calls:invitation.title')}
          </Typography>
        </Stack>
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invitations.map((inv) => (
            <Box component="li" key={inv.wrapperId} data-testid="invitation" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              {/* People see names and what the call is about; room ids and server names stay internal. */}
              <Typography variant="subtitle2">{t('calls:invitation.callInvitation')}</Typography>
              <Typography variant="body2">{t('calls:invitation.from', { from: inv.fromName || t('calls:invitation.someone') })}</Typography>
              {inv.title && <Typography variant="body2">{t('calls:invitation.about', { title: inv.title })}</Typography>}
              {refused && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {t('calls:encryption.refusedAnswer')}
                </Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button variant="contained" color="success" size="small" disabled={busy !== null || refused} onClick={() => void accept(inv)}>
                  {t('calls:invitation.accept')}
                </Button>
                <Button variant="outlined" color="error" size="small" disabled={busy !== null} onClick={() => void decline(inv)}>
                  {t('calls:invitation.decline')}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Paper>
    </Fade>
  )
}

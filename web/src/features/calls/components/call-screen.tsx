import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconVideo } from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { api, TokenError } from '@/lib/api-client'
import { clearSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { useChannel } from '../hooks/use-channel'
import { ChannelStatus } from './channel-status'
import { answerFor } from '../invitations'
import { conferenceChannel, connectConf, personalChannel, sendInvitation } from '../realtime/channels'

const CallRoom = lazy(() => import('./call-room'))

function mediaServerUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`
}

interface Outgoing {
  calleeId: string
  roomName: string
  /** While set, an acceptance moves us to the room named in it. */
  joinOnAccepted: boolean
  invited: boolean
}

export function CallScreen({ loginHref }: { loginHref: (target: string) => string }) {
  const { t } = useTranslation(['shell', 'calls'])
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const [params] = useSearchParams()
  const personal = useChannel(personalChannel)
  const me = session?.userId ?? ''
  const [roomName, setRoomName] = useState(() => params.get('room') ?? me)
  const [participantName, setParticipantName] = useState(() => session?.user?.displayName || `Participant${me}`)
  const [token, setToken] = useState<string | null>(null)
  // The call's title: the listing or person it is about (from the link that started it), never a room id.
  const about = params.get('title')?.trim() || params.get('name')?.trim() || ''
  const calleeName = params.get('name')?.trim() || t('calls:call.theOtherPerson')
  const title = about || (roomName === me ? session?.user?.displayName || participantName : t('calls:call.title'))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const outgoing = useRef<Outgoing | null>(null)
  const rtcSupported = typeof window.RTCPeerConnection === 'function'
  const canJoin = roomName.trim() !== '' && participantName.trim() !== ''

  const join = useCallback(
    async (room: string) => {
      setError(null)
      setBusy(true)
      try {
        const tk = await api.mediaToken(room, participantName.trim())
        setRoomName(room)
        setToken(tk)
        void connectConf(room)
      } catch (err) {
        if (err instanceof TokenError && err.status === 403) {
          clearSession()
          navigate(loginHref(location.pathname + location.search), { replace: true })
          return
        }
        setError(err instanceof TokenError ? t('calls:call.tokenFailed', { message: err.errorMessage }) : String(err))
      } finally {
        setBusy(false)
      }
    },
    [participantName, navigate, loginHref, location.pathname, location.search, t],
  )

  // ?to=<user> places a call: create the room, join it, invite once connected.
  // ?room=<name>&join=1 enters a room directly (after accepting an invitation).
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !session) return
    started.current = true
    const to = params.get('to')
    if (to) {
      setBusy(true)
      api.calls.create(to).then(
        (call) => {
          outgoing.current = { calleeId: to, roomName: call.roomName, joinOnAccepted: true, invited: false }
          void join(call.roomName)
        },
        (err: unknown) => {
          setBusy(false)
          setError(err instanceof Error ? err.message : String(err))
        },
      )
    } else if (params.get('room') && params.get('join') === '1') {
      void join(params.get('room')!)
    }
  }, [session, params, join])

  const onConnected = useCallback(() => {
    const o = outgoing.current
    if (o && !o.invited && o.roomName === roomName) {
      o.invited = true
      setNotice(t('calls:call.calling', { name: calleeName }))
      void sendInvitation(o.roomName, o.calleeId, me, { title: params.get('title')?.trim() || undefined })
    }
  }, [roomName, me, t, calleeName, participantName, params])

  // The callee's answer arrives on our personal channel.
  useEffect(() => {
    const o = outgoing.current
    if (!o) return
    const answer = answerFor(personal.messages, o.roomName)
    if (!answer) return
    personalChannel.removeMessage(answer.message.wrapperId)
    if (answer.call.type === 'rejectcallInvitation') {
      setNotice(t('calls:call.declined'))
      outgoing.current = null
      return
    }
    setNotice(null)
    if (o.joinOnAccepted && answer.call.roomName !== roomName) void join(answer.call.roomName)
    o.joinOnAccepted = false
  }, [personal.messages, roomName, join, t])

  const leave = useCallback((err?: Error) => {
    if (err) setError(err.message)
    setToken(null)
    conferenceChannel.disconnect()
  }, [])

  const status = <ChannelStatus />

  if (!rtcSupported) return <Alert severity="error">{t('calls:call.unsupported')}</Alert>

  if (token) {
    return (
      <Stack spacing={2}>
        {notice && <Alert severity="info">{notice}</Alert>}
        <Suspense fallback={<CircularProgress aria-label={t('calls:call.connecting')} />}>
          <CallRoom serverUrl={mediaServerUrl()} token={token} title={title} participantName={participantName.trim()} onConnected={onConnected} onLeave={leave} />
        </Suspense>
        {status}
      </Stack>
    )
  }

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} component="form" onSubmit={(e) => {
          e.preventDefault()
          if (canJoin && session) void join(roomName.trim())
        }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconVideo size={28} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1">
                {t('calls:call.title')}
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" noWrap data-testid="room-title">
                {title}
              </Typography>
            </Box>
          </Stack>
          {notice && <Alert severity="info">{notice}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label={t('calls:call.roomName')} value={roomName} onChange={(e) => setRoomName(e.target.value)} required />
          <TextField label={t('calls:call.participantName')} value={participantName} onChange={(e) => setParticipantName(e.target.value)} required />
          {session?.accessToken ? (
            <Button type="submit" variant="contained" size="large" disabled={!canJoin || busy}>
              {t('calls:call.join')}
            </Button>
          ) : (
            <Button component={Link} to={loginHref(location.pathname + location.search)} variant="contained" size="large" disabled={!canJoin}>
              {t('calls:call.login')}
            </Button>
          )}
          {status}
        </Stack>
      </CardContent>
    </Card>
  )
}

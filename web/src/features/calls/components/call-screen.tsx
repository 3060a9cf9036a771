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
import { safeRedirect } from '@/lib/safe-redirect'
import { clearSession } from '@/lib/session'
import { useSession } from '@/lib/use-session'
import { askNotificationPermission } from '../alerts/notifications'
import { planEncryption, useE2EEPolicy, type EncryptionPlan } from '../encryption'
import { useChannel } from '../hooks/use-channel'
import { answerFor, INVITATION_VISIBLE_MS } from '../invitations'
import { conferenceChannel, connectConf, personalChannel, sendCallMessage, sendInvitation } from '../realtime/channels'
import { CallEnded, type CallEndReason } from './call-ended'
import { RingingBanner } from './ringing-banner'

// The in-call room is its own chunk (LiveKit and its React bindings).
const CallRoom = lazy(() => import('../room'))

/**
 * How long the caller waits for an answer before the call ends by itself.
 * The server says so at 30 s (call-state "expired"); this is the fallback
 * when that notice does not come.
 */
export const NO_ANSWER_FALLBACK_MS = INVITATION_VISIBLE_MS + 3000

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

type Ring = 'none' | 'waiting' | 'ringing'

interface Ended {
  reason: CallEndReason
  durationMs: number | null
  error?: string
  /** who left, when the other person hung up */
  who?: string
}

export function CallScreen({ loginHref }: { loginHref: (target: string) => string }) {
  const { t } = useTranslation(['shell', 'calls'])
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const [params] = useSearchParams()
  const personal = useChannel(personalChannel)
  const conference = useChannel(conferenceChannel)
  const policy = useE2EEPolicy()
  const me = session?.userId ?? ''
  const [roomName, setRoomName] = useState(() => params.get('room') ?? me)
  const [participantName, setParticipantName] = useState(() => session?.user?.displayName || `Participant${me}`)
  const [token, setToken] = useState<string | null>(null)
  const [plan, setPlan] = useState<EncryptionPlan | null>(null)
  // The call's title: the listing or person it is about (from the link that started it), never a room id.
  const about = params.get('title')?.trim() || params.get('name')?.trim() || ''
  const peerName = params.get('name')?.trim() || ''
  const calleeName = peerName || t('calls:call.theOtherPerson')
  const title = about || (roomName === me ? session?.user?.displayName || participantName : t('calls:call.title'))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [ring, setRingState] = useState<Ring>('none')
  const [ended, setEnded] = useState<Ended | null>(null)
  const outgoing = useRef<Outgoing | null>(null)
  const ringRef = useRef<Ring>('none')
  const answeredAt = useRef<number | null>(null)
  const over = useRef(false)
  const noAnswerTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // Who "Call again" calls: the person we called, or the caller we answered.
  const [peer, setPeer] = useState<string | null>(() => params.get('to') || params.get('peer'))
  const rtcSupported = typeof window.RTCPeerConnection === 'function'
  const canJoin = roomName.trim() !== '' && participantName.trim() !== ''
  const back = safeRedirect(params.get('back'))

  const setRing = (r: Ring) => {
    ringRef.current = r
    setRingState(r)
  }

  const clearNoAnswer = () => {
    if (noAnswerTimer.current !== null) clearTimeout(noAnswerTimer.current)
    noAnswerTimer.current = null
  }
  useEffect(() => clearNoAnswer, [])

  /** Ends the call once: leaves the room (camera and microphone off) and shows the end screen. */
  const endCall = useCallback(
    (reason: CallEndReason, message?: string, who?: string) => {
      if (over.current) return
      over.current = true
      clearNoAnswer()
      const o = outgoing.current
      // Hanging up while it still rings withdraws the invitation, so the other side stops ringing.
      if (o && o.invited && ringRef.current === 'ringing' && (reason === 'cancelled' || reason === 'hangup' || reason === 'noAnswer')) {
        void sendCallMessage('cancelcallInvitation', o.calleeId, me, o.roomName)
      }
      outgoing.current = null
      const started = answeredAt.current
      answeredAt.current = null
      setRing('none')
      setToken(null)
      setPlan(null)
      conferenceChannel.disconnect()
      setEnded({ reason, durationMs: started === null ? null : Date.now() - started, error: message, who })
    },
    [me],
  )

  /** Chooses the call's protection, then asks for a media token and enters the room. */
  const join = useCallback(
    async (room: string) => {
      setError(null)
      setBusy(true)
      try {
        const p = await planEncryption(me, policy)
        if (p.kind === 'refused') {
          over.current = true
          setEnded({ reason: 'refused', durationMs: null })
          return
        }
        const tk = await api.mediaToken(room, participantName.trim())
        setPlan(p)
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
    [me, policy, participantName, navigate, loginHref, location.pathname, location.search, t],
  )

  /** Places a call to `to`: a fresh room, joined at once; the invitation goes out once connected. */
  const placeCall = useCallback(
    (to: string) => {
      askNotificationPermission()
      over.current = false
      answeredAt.current = null
      outgoing.current = null
      setEnded(null)
      setError(null)
      setPeer(to)
      setRing('waiting')
      setBusy(true)
      api.calls.create(to).then(
        (call) => {
          outgoing.current = { calleeId: to, roomName: call.roomName, joinOnAccepted: true, invited: false }
          void join(call.roomName)
        },
        (err: unknown) => {
          setBusy(false)
          setRing('none')
          setError(err instanceof Error ? err.message : String(err))
        },
      )
    },
    [join],
  )

  // ?to=<user> places a call: create the room, join it, invite once connected.
  // ?room=<name>&join=1 enters a room directly (after accepting an invitation).
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !session) return
    started.current = true
    const to = params.get('to')
    if (to) placeCall(to)
    else if (params.get('room') && params.get('join') === '1') void join(params.get('room')!)
  }, [session, params, join, placeCall])

  const onConnected = useCallback(() => {
    const o = outgoing.current
    if (o && !o.invited && o.roomName === roomName) {
      o.invited = true
      setRing('ringing')
      void sendInvitation(o.roomName, o.calleeId, me, { title: params.get('title')?.trim() || undefined })
      clearNoAnswer()
      noAnswerTimer.current = setTimeout(() => endCall('noAnswer'), NO_ANSWER_FALLBACK_MS)
      return
    }
    // Answered calls and rooms entered directly count from the moment we are in.
    if (!o) answeredAt.current ??= Date.now()
  }, [roomName, me, params, endCall])

  const answered = useCallback(() => {
    clearNoAnswer()
    setRing('none')
    answeredAt.current ??= Date.now()
  }, [])

  // The callee's answer arrives on our personal channel as a message…
  useEffect(() => {
    const o = outgoing.current
    if (!o) return
    const answer = answerFor(personal.messages, o.roomName)
    if (!answer) return
    personalChannel.removeMessage(answer.message.wrapperId)
    if (answer.call.type === 'rejectcallInvitation') {
      endCall('declined')
      return
    }
    answered()
    if (o.joinOnAccepted && answer.call.roomName !== roomName) void join(answer.call.roomName)
    o.joinOnAccepted = false
  }, [personal.messages, roomName, join, endCall, answered])

  // …and as the call's state, which also tells when nobody answered.
  useEffect(() => {
    const o = outgoing.current
    if (!o || over.current) return
    for (const notice of [personal.calls[o.roomName], conference.calls[o.roomName]]) {
      if (!notice) continue
      if (notice.state === 'rejected') return endCall('declined')
      if (notice.state === 'expired') return endCall('noAnswer')
      if (notice.state === 'accepted' && ringRef.current === 'ringing') answered()
    }
  }, [personal.calls, conference.calls, endCall, answered])

  const leave = useCallback((err?: Error) => endCall(err ? 'failed' : 'hangup', err?.message), [endCall])
  const peerLeft = useCallback((name: string) => endCall('peerLeft', undefined, name), [endCall])

  const callAgain = peer ? () => placeCall(peer) : undefined

  if (!rtcSupported) return <Alert severity="error">{t('calls:call.unsupported')}</Alert>

  if (ended) {
    return (
      <CallEnded
        reason={ended.reason}
        durationMs={ended.durationMs}
        error={ended.error}
        who={ended.who}
        title={about}
        onCallAgain={ended.reason === 'refused' ? undefined : callAgain}
        busy={busy}
        back={back}
      />
    )
  }

  if (token) {
    return (
      <Stack spacing={2}>
        {ring === 'ringing' && <RingingBanner name={calleeName} onCancel={() => endCall('cancelled')} />}
        {plan?.kind === 'unencrypted' && (
          <Alert severity="warning" data-testid="unencrypted-notice">
            {t('calls:encryption.unsupportedAllowed')}
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <Suspense fallback={<CircularProgress aria-label={t('calls:call.connecting')} />}>
          <CallRoom
            serverUrl={mediaServerUrl()}
            token={token}
            title={title}
            participantName={participantName.trim()}
            onConnected={onConnected}
            onLeave={leave}
            onPeerLeft={peerLeft}
            encryption={plan?.kind === 'encrypted' ? plan.encryption : null}
            unencrypted={plan?.kind === 'unencrypted'}
          />
        </Suspense>
      </Stack>
    )
  }

  if (ring !== 'none' || (busy && params.get('join') === '1')) {
    // Setting up a call we place or answer: no form, just what is happening.
    return (
      <Card sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="h4" component="h1">
              {about || t('calls:call.title')}
            </Typography>
            {error ? (
              <Alert severity="error" sx={{ width: '100%' }}>
                {error}
              </Alert>
            ) : (
              <>
                <CircularProgress aria-hidden />
                <Typography role="status">{ring !== 'none' ? t('calls:call.calling', { name: calleeName }) : t('calls:call.connecting')}</Typography>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    )
  }

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack
          spacing={2}
          component="form"
          onSubmit={(e) => {
            e.preventDefault()
            if (canJoin && session) {
              askNotificationPermission()
              over.current = false
              void join(roomName.trim())
            }
          }}
        >
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
        </Stack>
      </CardContent>
    </Card>
  )
}

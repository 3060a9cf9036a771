// Loaded lazily: LiveKit and its React bindings form their own chunk.
import {
  LiveKitRoom,
  RoomAudioRenderer,
  isTrackReference,
  useAudioPlayback,
  useConnectionState,
  useTrackToggle,
  useTracks,
} from '@livekit/components-react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ConnectionState, MediaDeviceFailure, Room, RoomEvent, Track, type RemoteParticipant, type AudioCaptureOptions, type RoomOptions, type VideoCaptureOptions } from 'livekit-client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CallEncryption } from '../e2ee/types'
import { CallControls, type ControlKind } from './call-controls'
import { loadDevicePreferences, type DevicePreferences } from './device-preferences'
import { DeviceSettingsDialog } from './device-settings'
import { EncryptionStatus } from './encryption-status'
import { chooseLayout } from './layout'
import { ParticipantTile, ScreenShareStage } from './participant-tile'
import { endsCall, initialPresence, seen } from './peer-presence'
import { ReconnectingBanner } from './reconnecting-banner'
import { useCallShortcuts } from './shortcuts'
import { useEncryptionState } from './use-encryption-state'

export interface CallRoomProps {
  serverUrl: string
  token: string
  /** What the call is about, shown as the page's heading. */
  title: string
  participantName: string
  onConnected: () => void
  onLeave: (error?: Error) => void
  /** End-to-end encryption of the call's media; the room enables it before it connects. */
  encryption?: CallEncryption | null
  /** The call goes on without end-to-end encryption, and the room says so. */
  unencrypted?: boolean
  /** The other person of a two-person call left: the room has disconnected, and the call is over. */
  onPeerLeft?: (name: string) => void
}

/** Room options: adaptive stream, dynacast and, when given, end-to-end encryption. */
export function roomOptionsFor(encryption: CallEncryption | null): RoomOptions {
  return { adaptiveStream: true, dynacast: true, ...(encryption ? { e2ee: encryption.e2eeOptions } : {}) }
}

/**
 * The remembered devices that this browser still has. Browsers ignore a
 * device id given as a preference ("ideal"), so a remembered device is asked
 * for exactly, and only while it is there.
 */
export async function availablePreferences(prefs: DevicePreferences, enumerate: () => Promise<MediaDeviceInfo[]>): Promise<DevicePreferences> {
  if (!prefs.audioinput && !prefs.videoinput && !prefs.audiooutput) return {}
  let devices: MediaDeviceInfo[]
  try {
    devices = await enumerate()
  } catch {
    return {}
  }
  const out: DevicePreferences = {}
  for (const kind of ['audioinput', 'videoinput', 'audiooutput'] as const) {
    const id = prefs[kind]
    if (id && devices.some((d) => d.kind === kind && d.deviceId === id)) out[kind] = id
  }
  return out
}

/** What the room captures on joining: the remembered devices where there are any. */
export function captureFor(prefs: DevicePreferences): { audio: AudioCaptureOptions | true; video: VideoCaptureOptions | true } {
  return {
    audio: prefs.audioinput ? { deviceId: { exact: prefs.audioinput } } : true,
    video: prefs.videoinput ? { deviceId: { exact: prefs.videoinput } } : true,
  }
}

const enumerateDevices = () => (typeof navigator !== 'undefined' && navigator.mediaDevices?.enumerateDevices ? navigator.mediaDevices.enumerateDevices() : Promise.resolve([]))

const canShareScreen = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function'

interface ContentProps {
  title: string
  participantName: string
  encryption: CallEncryption | null
  unencrypted: boolean
  mediaError: string | null
  onLeave: () => void
}

function RoomContent({ title, participantName, encryption, unencrypted, mediaError, onLeave }: ContentProps) {
  const { t } = useTranslation(['shell', 'call-room'])
  const state = useConnectionState()
  const encryptionState = useEncryptionState(encryption)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [toggleError, setToggleError] = useState<string | null>(null)
  const onDeviceError = useCallback((e: Error) => setToggleError(e.message), [])
  const mic = useTrackToggle({ source: Track.Source.Microphone, onDeviceError })
  const camera = useTrackToggle({ source: Track.Source.Camera, onDeviceError })
  const screen = useTrackToggle({ source: Track.Source.ScreenShare, onDeviceError })
  const { canPlayAudio, startAudio } = useAudioPlayback()
  const tracks = useTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { onlySubscribed: false },
  )
  const cameras = tracks.filter((tr) => tr.source === Track.Source.Camera)
  // Remote shares first: a share of one's own screen is only a note.
  const shares = tracks.filter((tr) => tr.source === Track.Source.ScreenShare && isTrackReference(tr)).sort((a, b) => Number(a.participant.isLocal) - Number(b.participant.isLocal))
  const layout = chooseLayout(cameras.length, shares.length)
  const alone = cameras.every((tr) => tr.participant.isLocal)

  const toggle = (kind: ControlKind) => {
    setToggleError(null)
    const target = kind === 'mic' ? mic : kind === 'camera' ? camera : screen
    void target.toggle().catch((e: unknown) => setToggleError(e instanceof Error ? e.message : String(e)))
  }
  useCallShortcuts({ toggleMic: () => toggle('mic'), toggleCamera: () => toggle('camera') })

  const tiles = cameras.map((tr) => <ParticipantTile key={`${tr.participant.identity}-${tr.source}`} trackRef={tr} participantName={participantName} compact={layout.kind === 'stage'} />)

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', minWidth: 0 }}>
        <Typography variant="h5" component="h1" data-testid="call-title" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <EncryptionStatus state={encryptionState} unencrypted={unencrypted} />
      </Stack>
      <ReconnectingBanner state={state} />
      {state === ConnectionState.Connecting && (
        <Typography role="status" color="text.secondary">
          {t('call-room:connecting')}
        </Typography>
      )}
      {(mediaError || toggleError) && (
        <Alert severity="warning" onClose={toggleError ? () => setToggleError(null) : undefined}>
          {mediaError ?? t('call-room:deviceFailed')}
        </Alert>
      )}
      {!canPlayAudio && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void startAudio()}>
              {t('call-room:startAudio')}
            </Button>
          }
        >
          {t('call-room:audioBlocked')}
        </Alert>
      )}
      {layout.kind === 'stage' ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 220px' }, alignItems: 'start' }}>
          <ScreenShareStage trackRef={shares[0]!} participantName={participantName} />
          <Box
            data-testid="participant-strip"
            sx={{
              display: 'grid',
              gap: 1,
              gridAutoFlow: { xs: 'column', md: 'row' },
              gridAutoColumns: { xs: 'minmax(140px, 45%)', md: 'auto' },
              overflowX: { xs: 'auto', md: 'visible' },
              overflowY: { md: 'auto' },
              maxHeight: { md: '70vh' },
            }}
          >
            {tiles}
          </Box>
        </Box>
      ) : (
        <Box
          data-testid="participant-grid"
          data-columns={layout.columns}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: `repeat(${layout.phoneColumns}, minmax(0, 1fr))`, sm: `repeat(${layout.columns}, minmax(0, 1fr))` } }}
        >
          {tiles}
        </Box>
      )}
      {alone && state === ConnectionState.Connected && <Typography color="text.secondary">{t('call-room:waiting')}</Typography>}
      <CallControls
        mic={{ enabled: mic.enabled, pending: mic.pending }}
        camera={{ enabled: camera.enabled, pending: camera.pending }}
        screen={canShareScreen() ? { enabled: screen.enabled, pending: screen.pending } : null}
        onToggle={toggle}
        onOpenSettings={() => setSettingsOpen(true)}
        onLeave={onLeave}
      />
      <DeviceSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Stack>
  )
}

/** The call itself: tiles, controls, devices and, when given, end-to-end encryption. */
export default function CallRoom({ serverUrl, token, title, participantName, onConnected, onLeave, encryption = null, unencrypted = false, onPeerLeft }: CallRoomProps) {
  const { t } = useTranslation(['shell', 'call-room'])
  // A browser without insertable streams cannot take part in the encryption.
  const [e2ee] = useState(() => (encryption && encryption.getState().status !== 'unsupported' ? encryption : null))
  const [room] = useState(() => new Room(roomOptionsFor(e2ee)))
  // Set once the remembered devices are looked up (and encryption is on): then the room connects.
  const [capture, setCapture] = useState<ReturnType<typeof captureFor> | null>(null)
  const [mediaError, setMediaError] = useState<string | null>(null)
  const stopEncryption = useRef<(() => void) | null>(null)
  const left = useRef(false)

  // LiveKitRoom connects again whenever its onError changes, even in the middle
  // of a reconnection; the callbacks it gets stay the same for the room's life,
  // and read the newest props through refs.
  const latest = useRef({ onConnected, onLeave, onPeerLeft, t })
  latest.current = { onConnected, onLeave, onPeerLeft, t }

  const finish = useCallback((err?: Error) => {
    stopEncryption.current?.()
    stopEncryption.current = null
    if (left.current) return
    left.current = true
    latest.current.onLeave(err)
  }, [])

  useEffect(() => {
    let live = true
    const prepare = async () => {
      const prefs = await availablePreferences(loadDevicePreferences(), enumerateDevices)
      if (prefs.audiooutput) await room.switchActiveDevice('audiooutput', prefs.audiooutput).catch(() => false)
      if (e2ee) await room.setE2EEEnabled(true)
      return captureFor(prefs)
    }
    prepare().then(
      (c) => live && setCapture(c),
      (err: unknown) => live && finish(err instanceof Error ? err : new Error(String(err))),
    )
    return () => {
      live = false
    }
  }, [room, e2ee, finish])

  // The other person of a two-person call hanging up ends the call here too.
  // livekit-client reports the people already in the room without a
  // ParticipantConnected (they come with our own connection), and a full
  // reconnection unwinds everyone with ParticipantDisconnected just before
  // it says it is reconnecting: the count is taken on connecting as well,
  // and a departure is judged once the room has settled.
  useEffect(() => {
    let presence = seen(initialPresence, room.remoteParticipants.size)
    let timer: ReturnType<typeof setTimeout> | null = null
    const count = () => {
      presence = seen(presence, room.remoteParticipants.size)
    }
    const gone = (p: RemoteParticipant) => {
      if (timer !== null) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        if (left.current || room.state !== ConnectionState.Connected || !endsCall(presence, room.remoteParticipants.size)) return
        left.current = true
        stopEncryption.current?.()
        stopEncryption.current = null
        void room.disconnect()
        const peerLeft = latest.current.onPeerLeft
        if (peerLeft) peerLeft(p.name || p.identity)
        else latest.current.onLeave()
      }, 0)
    }
    room.on(RoomEvent.Connected, count).on(RoomEvent.Reconnected, count).on(RoomEvent.ParticipantConnected, count).on(RoomEvent.ParticipantDisconnected, gone)
    return () => {
      if (timer !== null) clearTimeout(timer)
      room.off(RoomEvent.Connected, count).off(RoomEvent.Reconnected, count).off(RoomEvent.ParticipantConnected, count).off(RoomEvent.ParticipantDisconnected, gone)
    }
  }, [room])

  useEffect(
    () => () => {
      stopEncryption.current?.()
      stopEncryption.current = null
    },
    [],
  )

  const connected = useCallback(() => {
    if (e2ee && !stopEncryption.current) stopEncryption.current = e2ee.attach(room)
    latest.current.onConnected()
  }, [e2ee, room])

  const failed = useCallback(
    (err: Error) => {
      console.error('call error', err)
      finish(err)
    },
    [finish],
  )

  const deviceFailed = useCallback((failure?: MediaDeviceFailure) => {
    const tr = latest.current.t
    setMediaError(
      failure === MediaDeviceFailure.PermissionDenied
        ? tr('call-room:devicePermission')
        : failure === MediaDeviceFailure.NotFound
          ? tr('call-room:deviceMissing')
          : tr('call-room:deviceFailed'),
    )
  }, [])

  const disconnected = useCallback(() => finish(), [finish])

  const leave = useCallback(async () => {
    stopEncryption.current?.()
    stopEncryption.current = null
    await room.disconnect()
    finish()
  }, [room, finish])

  return (
    <LiveKitRoom
      room={room}
      serverUrl={serverUrl}
      token={token}
      connect={capture !== null}
      video={capture?.video ?? false}
      audio={capture?.audio ?? false}
      onConnected={connected}
      onError={failed}
      onMediaDeviceFailure={deviceFailed}
      onDisconnected={disconnected}
    >
      <RoomContent title={title} participantName={participantName} encryption={encryption} unencrypted={unencrypted || (!!encryption && !e2ee)} mediaError={mediaError} onLeave={() => void leave()} />
      {/* Remote audio plays through hidden <audio> elements. */}
      <RoomAudioRenderer />
    </LiveKitRoom>
  )
}

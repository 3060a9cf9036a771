// Loaded lazily: LiveKit and its React bindings form their own chunk.
import { LiveKitRoom, RoomAudioRenderer, VideoTrack, isTrackReference, useConnectionState, useRoomContext, useTracks, type TrackReferenceOrPlaceholder } from '@livekit/components-react'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconPhoneOff } from '@tabler/icons-react'
import { ConnectionState, Track } from 'livekit-client'
import { useTranslation } from 'react-i18next'

export interface CallRoomProps {
  serverUrl: string
  token: string
  /** What the call is about, shown as its heading. */
  title: string
  participantName: string
  onConnected: () => void
  onLeave: (error?: Error) => void
}

function Tile({ trackRef, participantName }: { trackRef: TrackReferenceOrPlaceholder; participantName: string }) {
  const { t } = useTranslation(['shell', 'calls'])
  const p = trackRef.participant
  const name = p.isLocal ? t('calls:call.you', { name: participantName }) : p.name || p.identity
  return (
    <Box
      component="figure"
      data-testid={p.isLocal ? 'local-tile' : 'remote-tile'}
      sx={{ m: 0, position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2, overflow: 'hidden', display: 'grid', placeItems: 'center' }}
    >
      {isTrackReference(trackRef) ? (
        <VideoTrack trackRef={trackRef} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: p.isLocal ? 'scaleX(-1)' : undefined }} />
      ) : (
        <Avatar sx={{ width: 64, height: 64 }}>{name.slice(0, 1).toUpperCase()}</Avatar>
      )}
      <Box component="figcaption" sx={{ position: 'absolute', insetInlineStart: 8, bottom: 8, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,.6)', color: '#fff', fontSize: 14 }}>
        {name}
      </Box>
    </Box>
  )
}

const STATE_COLOR: Partial<Record<ConnectionState, 'success' | 'warning' | 'default'>> = {
  [ConnectionState.Connected]: 'success',
  [ConnectionState.Connecting]: 'warning',
  [ConnectionState.Reconnecting]: 'warning',
  [ConnectionState.SignalReconnecting]: 'warning',
}

function RoomContent({ title, participantName, onLeave }: Pick<CallRoomProps, 'title' | 'participantName' | 'onLeave'>) {
  const { t } = useTranslation(['shell', 'calls'])
  const room = useRoomContext()
  const state = useConnectionState()
  const tracks = useTracks([{ source: Track.Source.Camera, withPlaceholder: true }], { onlySubscribed: false })
  const leave = async () => {
    await room.disconnect()
    onLeave()
  }
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h5" component="h2" noWrap>
            {title}
          </Typography>
          <Chip size="small" label={state} color={STATE_COLOR[state] ?? 'default'} />
        </Stack>
        <Button variant="contained" color="error" startIcon={<IconPhoneOff size={18} />} onClick={() => void leave()}>
          {t('calls:call.leave')}
        </Button>
      </Stack>
      {state === ConnectionState.Connecting && <Typography color="text.secondary">{t('calls:call.connecting')}</Typography>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(280px, 1fr))' } }}>
        {tracks.map((tr) => (
          <Tile key={`${tr.participant.identity}-${tr.source}`} trackRef={tr} participantName={participantName} />
        ))}
      </Box>
      {tracks.length < 2 && <Typography color="text.secondary">{t('calls:call.waiting')}</Typography>}
    </Stack>
  )
}

export default function CallRoom({ serverUrl, token, title, participantName, onConnected, onLeave }: CallRoomProps) {
  return (
    <LiveKitRoom
      serverUrl={serverUrl}
      token={token}
      connect
      video
      audio
      options={{ adaptiveStream: true, dynacast: true }}
      onConnected={onConnected}
      onError={(err) => {
        console.error('call error', err)
        onLeave(err)
      }}
      onDisconnected={() => onLeave()}
    >
      <RoomContent title={title} participantName={participantName} onLeave={onLeave} />
      {/* Remote audio plays through hidden <audio> elements. */}
      <RoomAudioRenderer />
    </LiveKitRoom>
  )
}

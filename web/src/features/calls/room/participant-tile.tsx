import { VideoTrack, isTrackReference, useConnectionQualityIndicator, useIsMuted, useIsSpeaking, type TrackReferenceOrPlaceholder } from '@livekit/components-react'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import { IconAntennaBars1, IconAntennaBars3, IconAntennaBars4, IconAntennaBars5, IconAntennaBarsOff, IconMicrophoneOff } from '@tabler/icons-react'
import { ConnectionQuality, Track } from 'livekit-client'
import { useTranslation } from 'react-i18next'

const QUALITY_ICON = {
  [ConnectionQuality.Excellent]: IconAntennaBars5,
  [ConnectionQuality.Good]: IconAntennaBars4,
  [ConnectionQuality.Poor]: IconAntennaBars3,
  [ConnectionQuality.Lost]: IconAntennaBarsOff,
  [ConnectionQuality.Unknown]: IconAntennaBars1,
} as const

/** The name a tile shows for its participant. */
export function useParticipantLabel(trackRef: TrackReferenceOrPlaceholder, participantName: string): string {
  const { t } = useTranslation(['shell', 'call-room'])
  const p = trackRef.participant
  return p.isLocal ? t('call-room:you', { name: participantName || p.name || p.identity }) : p.name || p.identity
}

/** One person's camera (or initial when it is off), name, microphone state, speaking outline and connection quality. */
export function ParticipantTile({ trackRef, participantName, compact = false }: { trackRef: TrackReferenceOrPlaceholder; participantName: string; compact?: boolean }) {
  const { t } = useTranslation(['shell', 'call-room'])
  const p = trackRef.participant
  const name = useParticipantLabel(trackRef, participantName)
  const speaking = useIsSpeaking(p)
  const { quality } = useConnectionQualityIndicator({ participant: p })
  const micMuted = useIsMuted({ participant: p, source: Track.Source.Microphone })
  const cameraMuted = useIsMuted(trackRef)
  const showVideo = isTrackReference(trackRef) && !cameraMuted
  const QualityIcon = QUALITY_ICON[quality] ?? IconAntennaBars1
  const qualityText = t(`call-room:quality.${quality}`)
  const states = [micMuted ? t('call-room:tile.micOff') : null, cameraMuted ? t('call-room:tile.cameraOff') : null, speaking ? t('call-room:tile.speaking') : null].filter(Boolean)
  return (
    <Box
      component="figure"
      role="group"
      aria-label={[name, ...states].join(', ')}
      data-testid={p.isLocal ? 'local-tile' : 'remote-tile'}
      data-identity={p.identity}
      data-muted={String(micMuted)}
      data-camera={cameraMuted ? 'off' : 'on'}
      data-speaking={String(speaking)}
      data-quality={quality}
      sx={{
        m: 0,
        position: 'relative',
        aspectRatio: '16 / 9',
        minWidth: 0,
        bgcolor: 'grey.900',
        borderRadius: 2,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        outline: 3,
        outlineOffset: -3,
        outlineColor: speaking ? 'success.main' : 'transparent',
        transition: 'outline-color 150ms',
      }}
    >
      {showVideo ? (
        <VideoTrack trackRef={trackRef} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: p.isLocal ? 'scaleX(-1)' : undefined }} />
      ) : (
        <Avatar aria-hidden sx={{ width: compact ? 40 : 64, height: compact ? 40 : 64 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      )}
      <Box
        component="figcaption"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          insetInlineEnd: 8,
          bottom: 8,
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          minWidth: 0,
          color: '#fff',
          fontSize: compact ? 12 : 14,
        }}
      >
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,.65)', minWidth: 0 }}>
          {micMuted && <IconMicrophoneOff size={16} aria-hidden data-testid="tile-mic-off" />}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Box>
        <Box
          component="span"
          title={qualityText}
          aria-hidden
          sx={{ marginInlineStart: 'auto', display: 'inline-flex', p: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,.65)', color: quality === ConnectionQuality.Poor || quality === ConnectionQuality.Lost ? 'warning.light' : '#fff' }}
        >
          <QualityIcon size={16} />
        </Box>
      </Box>
    </Box>
  )
}

/** A shared screen on the stage. */
export function ScreenShareStage({ trackRef, participantName }: { trackRef: TrackReferenceOrPlaceholder; participantName: string }) {
  const { t } = useTranslation(['shell', 'call-room'])
  const name = useParticipantLabel(trackRef, participantName)
  const p = trackRef.participant
  return (
    <Box
      component="figure"
      role="group"
      aria-label={p.isLocal ? t('call-room:stage.youPresent') : t('call-room:stage.presenting', { name })}
      data-testid="screen-share-stage"
      data-identity={p.identity}
      sx={{ m: 0, position: 'relative', minWidth: 0, bgcolor: 'grey.900', borderRadius: 2, overflow: 'hidden', display: 'grid', placeItems: 'center', aspectRatio: '16 / 9', maxHeight: '70vh' }}
    >
      {p.isLocal || !isTrackReference(trackRef) ? (
        <Box sx={{ color: '#fff', p: 2, textAlign: 'center' }}>{t('call-room:stage.youPresent')}</Box>
      ) : (
        <VideoTrack trackRef={trackRef} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      )}
      <Box component="figcaption" sx={{ position: 'absolute', insetInlineStart: 8, top: 8, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,.65)', color: '#fff', fontSize: 14 }}>
        {p.isLocal ? t('call-room:stage.youPresent') : t('call-room:stage.presenting', { name })}
      </Box>
    </Box>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import { IconMicrophone, IconMicrophoneOff, IconPhoneOff, IconScreenShare, IconScreenShareOff, IconSettings, IconVideo, IconVideoOff } from '@tabler/icons-react'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ariaKeyShortcuts, shortcutLabel, type ShortcutAction } from './shortcuts'

export type ControlKind = 'mic' | 'camera' | 'screen'

export interface ToggleState {
  enabled: boolean
  pending: boolean
}

export interface CallControlsProps {
  mic: ToggleState
  camera: ToggleState
  /** null where the browser cannot share a screen (most phones). */
  screen: ToggleState | null
  onToggle: (kind: ControlKind) => void
  onOpenSettings: () => void
  onLeave: () => void
}

interface ToggleProps {
  testId: string
  label: string
  /** What pressing the button does, with its shortcut. */
  hint: string
  state: ToggleState
  shortcut?: ShortcutAction
  onIcon: ReactNode
  offIcon: ReactNode
  onClick: () => void
}

/** Text for screen readers only. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const

function Toggle({ testId, label, hint, state, shortcut, onIcon, offIcon, onClick }: ToggleProps) {
  const hintId = useId()
  return (
    <Tooltip title={hint} describeChild>
      <span>
        <Box component="span" id={hintId} sx={visuallyHidden}>
          {hint}
        </Box>
        <IconButton
          data-testid={testId}
          aria-label={label}
          aria-describedby={hintId}
          aria-pressed={state.enabled}
          aria-keyshortcuts={shortcut ? ariaKeyShortcuts(shortcut) : undefined}
          disabled={state.pending}
          onClick={onClick}
          sx={{
            width: 48,
            height: 48,
            border: 1,
            borderColor: 'divider',
            bgcolor: state.enabled ? 'action.selected' : 'error.main',
            color: state.enabled ? 'text.primary' : 'error.contrastText',
            '&:hover': { bgcolor: state.enabled ? 'action.hover' : 'error.dark' },
          }}
        >
          {state.enabled ? onIcon : offIcon}
        </IconButton>
      </span>
    </Tooltip>
  )
}

/** The call's buttons: microphone, camera, screen, devices, leave. They wrap on a narrow screen. */
export function CallControls({ mic, camera, screen, onToggle, onOpenSettings, onLeave }: CallControlsProps) {
  const { t } = useTranslation(['shell', 'call-room'])
  const withKey = (text: string, action: ShortcutAction) => t('call-room:controls.withShortcut', { action: text, shortcut: shortcutLabel(action) })
  return (
    <Stack
      component="nav"
      aria-label={t('call-room:controls.label')}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1.5, justifyContent: 'center', alignItems: 'center' }}
    >
      <Toggle
        testId="toggle-mic"
        label={t('call-room:controls.microphone')}
        hint={withKey(mic.enabled ? t('call-room:controls.micOff') : t('call-room:controls.micOn'), 'toggleMic')}
        state={mic}
        shortcut="toggleMic"
        onIcon={<IconMicrophone aria-hidden />}
        offIcon={<IconMicrophoneOff aria-hidden />}
        onClick={() => onToggle('mic')}
      />
      <Toggle
        testId="toggle-camera"
        label={t('call-room:controls.camera')}
        hint={withKey(camera.enabled ? t('call-room:controls.cameraOff') : t('call-room:controls.cameraOn'), 'toggleCamera')}
        state={camera}
        shortcut="toggleCamera"
        onIcon={<IconVideo aria-hidden />}
        offIcon={<IconVideoOff aria-hidden />}
        onClick={() => onToggle('camera')}
      />
      {screen && (
        <Tooltip title={screen.enabled ? t('call-room:controls.screenOff') : t('call-room:controls.screenOn')} describeChild>
          <span>
            <IconButton
              data-testid="toggle-screen"
              aria-label={t('call-room:controls.screen')}
              aria-pressed={screen.enabled}
              disabled={screen.pending}
              onClick={() => onToggle('screen')}
              sx={{
                width: 48,
                height: 48,
                border: 1,
                borderColor: 'divider',
                bgcolor: screen.enabled ? 'primary.main' : 'action.selected',
                color: screen.enabled ? 'primary.contrastText' : 'text.primary',
                '&:hover': { bgcolor: screen.enabled ? 'primary.dark' : 'action.hover' },
              }}
            >
              {screen.enabled ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title={t('call-room:devices.title')} describeChild>
        <IconButton
          data-testid="device-settings"
          aria-label={t('call-room:devices.open')}
          aria-haspopup="dialog"
          onClick={onOpenSettings}
          sx={{ width: 48, height: 48, border: 1, borderColor: 'divider' }}
        >
          <IconSettings aria-hidden />
        </IconButton>
      </Tooltip>
      <Button data-testid="leave-call" variant="contained" color="error" startIcon={<IconPhoneOff size={18} aria-hidden />} onClick={onLeave} sx={{ minHeight: 48, borderRadius: 6 }}>
        {t('call-room:leave')}
      </Button>
    </Stack>
  )
}

import { useMediaDeviceSelect } from '@livekit/components-react'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useCallback, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveDevicePreference, type DeviceKind } from './device-preferences'

/** Whether this browser lets a page choose the speaker. */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype
}

const LABEL_KEY: Record<DeviceKind, string> = {
  audioinput: 'call-room:devices.microphone',
  videoinput: 'call-room:devices.camera',
  audiooutput: 'call-room:devices.speaker',
}

function DeviceSelect({ kind }: { kind: DeviceKind }) {
  const { t } = useTranslation(['shell', 'call-room'])
  const [error, setError] = useState<string | null>(null)
  const onError = useCallback((e: Error) => setError(e.message), [])
  // The call already holds the camera and microphone, so the labels are known;
  // asking again would open (and stop) one more capture of a device in use.
  const { devices, activeDeviceId, setActiveMediaDevice } = useMediaDeviceSelect({ kind, onError, requestPermissions: false })
  const label = t(LABEL_KEY[kind])
  const change = async (id: string) => {
    setError(null)
    try {
      await setActiveMediaDevice(id)
      saveDevicePreference(kind, id)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  const known = devices.some((d) => d.deviceId === activeDeviceId)
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known ? activeDeviceId : ''}
      onChange={(e) => void change(e.target.value)}
      error={!!error}
      helperText={error ? t('call-room:devices.failed') : devices.length === 0 ? t('call-room:devices.none') : undefined}
      disabled={devices.length === 0}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `select-${kind}` }, inputLabel: { shrink: true } }}
    >
      {!known && <option value="">{t('call-room:devices.systemDefault')}</option>}
      {devices.map((d, i) => (
        <option key={d.deviceId || i} value={d.deviceId}>
          {d.label || t('call-room:devices.numbered', { device: label, n: i + 1 })}
        </option>
      ))}
    </TextField>
  )
}

/** Choice of microphone, camera and speaker; each choice is remembered in this browser. */
export function DeviceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'call-room'])
  const titleId = useId()
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('call-room:devices.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <DeviceSelect kind="audioinput" />
          <DeviceSelect kind="videoinput" />
          {canChooseSpeaker() ? (
            <DeviceSelect kind="audiooutput" />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('call-room:devices.speakerBySystem')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('call-room:devices.remembered')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('call-room:close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

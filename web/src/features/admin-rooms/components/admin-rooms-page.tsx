import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { IconLock, IconLockOpen } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '@/lib/format'
import { useLiveRooms, useMuteTrack, useParticipants, useRemoveParticipant } from '../api/queries'
import { isEncrypted, type LiveParticipant } from '../api/room-service'

export function AdminRoomsPage() {
  const { t, i18n } = useTranslation(['shell', 'admin-rooms'])
  const rooms = useLiveRooms()
  const [selected, setSelected] = useState<string | null>(null)
  const list = rooms.data ?? []
  // A room that closed in the meantime is no longer selectable.
  const room = selected !== null && list.some((r) => r.name === selected) ? selected : null

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('admin-rooms:title')}
        </Typography>
        <Typography color="text.secondary">{t('admin-rooms:subtitle')}</Typography>
      </div>
      <Card>
        <CardHeader title={t('admin-rooms:rooms')} />
        {rooms.isPending && <LinearProgress aria-label={t('common.loading')} />}
        <CardContent>
          {rooms.error && <Alert severity="error">{t('admin-rooms:loadFailed', { message: rooms.error.message })}</Alert>}
          {!rooms.isPending && !rooms.error && list.length === 0 && <Typography>{t('admin-rooms:noRooms')}</Typography>}
          {list.length > 0 && (
            <Table size="small" aria-label={t('admin-rooms:rooms')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin-rooms:room')}</TableCell>
                  <TableCell align="right">{t('admin-rooms:participants')}</TableCell>
                  <TableCell>{t('admin-rooms:created')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.name} selected={r.name === room} hover>
                    <TableCell>{r.name}</TableCell>
                    <TableCell align="right">{r.participants}</TableCell>
                    <TableCell>{formatDateTime(r.createdAt, i18n.language)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setSelected(r.name)} aria-pressed={r.name === room}>
                        {t('admin-rooms:show')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {room !== null && <RoomParticipants key={room} room={room} />}
    </Stack>
  )
}

function RoomParticipants({ room }: { room: string }) {
  const { t } = useTranslation(['shell', 'admin-rooms'])
  const participants = useParticipants(room)
  const remove = useRemoveParticipant(room)
  const mute = useMuteTrack(room)
  const [confirm, setConfirm] = useState<LiveParticipant | null>(null)
  const failure = remove.error ?? mute.error

  return (
    <Card>
      <CardHeader title={t('admin-rooms:participantsOf', { room })} />
      {participants.isPending && <LinearProgress aria-label={t('common.loading')} />}
      <CardContent>
        <Stack spacing={2}>
          {participants.error && <Alert severity="error">{t('admin-rooms:loadFailed', { message: participants.error.message })}</Alert>}
          {failure && <Alert severity="error">{t('admin-rooms:actionFailed', { message: failure.message })}</Alert>}
          {participants.data?.length === 0 && <Typography>{t('admin-rooms:noParticipants')}</Typography>}
          {(participants.data?.length ?? 0) > 0 && (
            <Table size="small" aria-label={t('admin-rooms:participantsOf', { room })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin-rooms:participant')}</TableCell>
                  <TableCell>{t('admin-rooms:tracks')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {participants.data?.map((p) => (
                  <TableRow key={p.sid}>
                    <TableCell>
                      <Typography variant="body2">{p.name || p.identity}</Typography>
                      {p.name && p.name !== p.identity && (
                        <Typography variant="caption" color="text.secondary">
                          {p.identity}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {(p.tracks ?? []).length === 0 && <Typography variant="body2">{t('admin-rooms:noTracks')}</Typography>}
                        {(p.tracks ?? []).map((tr) => (
                          <Stack key={tr.sid} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <Chip
                              size="small"
                              label={`${tr.type === 'AUDIO' ? t('admin-rooms:audio') : t('admin-rooms:video')}${tr.muted ? ` · ${t('admin-rooms:muted')}` : ''}`}
                              color={tr.muted ? 'default' : 'primary'}
                              variant={tr.muted ? 'outlined' : 'filled'}
                            />
                            <Chip
                              size="small"
                              variant="outlined"
                              data-testid="track-encryption"
                              data-encrypted={isEncrypted(tr)}
                              color={isEncrypted(tr) ? 'success' : 'warning'}
                              icon={isEncrypted(tr) ? <IconLock size={14} aria-hidden /> : <IconLockOpen size={14} aria-hidden />}
                              label={isEncrypted(tr) ? t('admin-rooms:encrypted') : t('admin-rooms:notEncrypted')}
                            />
                            {!tr.muted && (
                              <Button
                                size="small"
                                disabled={mute.isPending}
                                onClick={() => mute.mutate({ identity: p.identity, trackSid: tr.sid })}
                                aria-label={t('admin-rooms:muteTrackOf', { name: p.name || p.identity })}
                              >
                                {t('admin-rooms:mute')}
                              </Button>
                            )}
                          </Stack>
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" color="error" onClick={() => setConfirm(p)} disabled={remove.isPending}>
                        {t('admin-rooms:remove')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </CardContent>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>{t('admin-rooms:removeTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('admin-rooms:removeText', { name: confirm?.name || confirm?.identity || '', room })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('admin-rooms:cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              if (confirm) remove.mutate(confirm.identity)
              setConfirm(null)
            }}
          >
            {t('admin-rooms:remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}

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
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '@/lib/format'
import { useLiveRooms, useMuteTrack, useParticipants, useRemoveParticipant } from '../api/queries'
import type { LiveParticipant } from '../api/room-service'

const secondsToIso = (s: string) => new Date(Number(s) * 1000).toISOString()

export function AdminRoomsPage() {
  const { t, i18n } = useTranslation()
  const rooms = useLiveRooms()
  const [selected, setSelected] = useState<string | null>(null)
  const list = rooms.data ?? []
  // A room that closed in the meantime is no longer selectable.
  const room = selected !== null && list.some((r) => r.name === selected) ? selected : null

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('adminRooms.title')}
        </Typography>
        <Typography color="text.secondary">{t('adminRooms.subtitle')}</Typography>
      </div>
      <Card>
        <CardHeader title={t('adminRooms.rooms')} />
        {rooms.isPending && <LinearProgress aria-label={t('common.loading')} />}
        <CardContent>
          {rooms.error && <Alert severity="error">{t('adminRooms.loadFailed', { message: rooms.error.message })}</Alert>}
          {!rooms.isPending && !rooms.error && list.length === 0 && <Typography>{t('adminRooms.noRooms')}</Typography>}
          {list.length > 0 && (
            <Table size="small" aria-label={t('adminRooms.rooms')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('adminRooms.room')}</TableCell>
                  <TableCell align="right">{t('adminRooms.participants')}</TableCell>
                  <TableCell>{t('adminRooms.created')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.sid} selected={r.name === room} hover>
                    <TableCell>{r.name}</TableCell>
                    <TableCell align="right">{r.num_participants}</TableCell>
                    <TableCell>{formatDateTime(secondsToIso(r.creation_time), i18n.language)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setSelected(r.name)} aria-pressed={r.name === room}>
                        {t('adminRooms.show')}
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
  const { t } = useTranslation()
  const participants = useParticipants(room)
  const remove = useRemoveParticipant(room)
  const mute = useMuteTrack(room)
  const [confirm, setConfirm] = useState<LiveParticipant | null>(null)
  const failure = remove.error ?? mute.error

  return (
    <Card>
      <CardHeader title={t('adminRooms.participantsOf', { room })} />
      {participants.isPending && <LinearProgress aria-label={t('common.loading')} />}
      <CardContent>
        <Stack spacing={2}>
          {participants.error && <Alert severity="error">{t('adminRooms.loadFailed', { message: participants.error.message })}</Alert>}
          {failure && <Alert severity="error">{t('adminRooms.actionFailed', { message: failure.message })}</Alert>}
          {participants.data?.length === 0 && <Typography>{t('adminRooms.noParticipants')}</Typography>}
          {(participants.data?.length ?? 0) > 0 && (
            <Table size="small" aria-label={t('adminRooms.participantsOf', { room })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('adminRooms.participant')}</TableCell>
                  <TableCell>{t('adminRooms.tracks')}</TableCell>
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
                        {(p.tracks ?? []).length === 0 && <Typography variant="body2">{t('adminRooms.noTracks')}</Typography>}
                        {(p.tracks ?? []).map((tr) => (
                          <Stack key={tr.sid} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <Chip
                              size="small"
                              label={`${tr.type === 'AUDIO' ? t('adminRooms.audio') : t('adminRooms.video')}${tr.muted ? ` · ${t('adminRooms.muted')}` : ''}`}
                              color={tr.muted ? 'default' : 'primary'}
                              variant={tr.muted ? 'outlined' : 'filled'}
                            />
                            {!tr.muted && (
                              <Button
                                size="small"
                                disabled={mute.isPending}
                                onClick={() => mute.mutate({ identity: p.identity, trackSid: tr.sid })}
                                aria-label={t('adminRooms.muteTrackOf', { name: p.name || p.identity })}
                              >
                                {t('adminRooms.mute')}
                              </Button>
                            )}
                          </Stack>
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" color="error" onClick={() => setConfirm(p)} disabled={remove.isPending}>
                        {t('adminRooms.remove')}
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
        <DialogTitle>{t('adminRooms.removeTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('adminRooms.removeText', { name: confirm?.name || confirm?.identity || '', room })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('adminRooms.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              if (confirm) remove.mutate(confirm.identity)
              setConfirm(null)
            }}
          >
            {t('adminRooms.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}

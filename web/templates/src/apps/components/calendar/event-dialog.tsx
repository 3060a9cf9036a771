import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import { useState, type FormEvent } from 'react'
import { CALENDARS, type CalEvent, type CalendarKey } from '../../data/calendar'
import { useDemoT } from '../../hooks/use-demo-t'

/** Date inputs want "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm". */
function toInput(v: string | undefined, allDay: boolean): string {
  if (!v) return ''
  return allDay ? v.slice(0, 10) : v.length === 10 ? `${v}T09:00` : v.slice(0, 16)
}

export function EventDialog({ initial, onClose, onSave, onDelete }: { initial: CalEvent; onClose: () => void; onSave: (e: CalEvent) => void; onDelete?: () => void }) {
  const { t } = useDemoT()
  const [draft, setDraft] = useState<CalEvent>({ ...initial, start: toInput(initial.start, initial.allDay), end: toInput(initial.end, initial.allDay) })
  const [errors, setErrors] = useState<{ title?: string; start?: string; end?: string }>({})
  const setAllDay = (allDay: boolean) => setDraft({ ...draft, allDay, start: toInput(draft.start, allDay), end: toInput(draft.end, allDay) })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: typeof errors = {}
    if (!draft.title.trim()) next.title = t('validation.required')
    if (!draft.start) next.start = t('validation.required')
    if (draft.end && draft.start && draft.end < draft.start) next.end = t('calendar.endBeforeStart')
    setErrors(next)
    if (Object.keys(next).length) return
    onSave({ ...draft, title: draft.title.trim(), end: draft.end || undefined })
    onClose()
  }
  const type = draft.allDay ? 'date' : 'datetime-local'
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{onDelete ? t('calendar.updateEvent') : t('calendar.addEvent')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3, pt: '8px !important' }}>
          <TextField autoFocus required label={t('calendar.eventTitle')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={!!errors.title} helperText={errors.title} />
          <TextField select label={t('calendar.calendarField')} value={draft.calendar} onChange={(e) => setDraft({ ...draft, calendar: e.target.value as CalendarKey })}>
            {CALENDARS.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`calendar.cal.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={draft.allDay} onChange={(e) => setAllDay(e.target.checked)} />} label={t('calendar.allDay')} />
          <TextField type={type} required label={t('calendar.start')} value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} error={!!errors.start} helperText={errors.start} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type={type} label={t('calendar.end')} value={draft.end ?? ''} onChange={(e) => setDraft({ ...draft, end: e.target.value })} error={!!errors.end} helperText={errors.end} slotProps={{ inputLabel: { shrink: true } }} />
        </DialogContent>
        <DialogActions>
          {onDelete && (
            <Button
              color="error"
              onClick={() => {
                onDelete()
                onClose()
              }}
            >
              {t('common.delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

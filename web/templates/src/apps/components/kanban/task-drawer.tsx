import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { LABELS, type LabelKey, type Task } from '../../data/kanban'
import { useDemoT } from '../../hooks/use-demo-t'

export function TaskDrawer({ task, onClose, onSave }: { task: Task; onClose: () => void; onSave: (t: Task) => void }) {
  const { t } = useDemoT()
  const [draft, setDraft] = useState(task)
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (draft.title.trim().length < 3) return setError(t('validation.min3'))
    onSave({ ...draft, title: draft.title.trim() })
    onClose()
  }
  return (
    <Drawer anchor="right" open onClose={onClose}>
      <Box component="form" noValidate onSubmit={submit} sx={{ width: { xs: '100vw', sm: 380 }, p: 4, display: 'grid', gap: 3 }}>
        <Typography variant="h6" component="h2">
          {t('kanban.editTask')}
        </Typography>
        <TextField label={t('kanban.taskTitle')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={!!error} helperText={error} />
        <TextField type="date" label={t('kanban.dueDate')} value={draft.due} onChange={(e) => setDraft({ ...draft, due: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select label={t('kanban.labelField')} value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value as LabelKey })}>
          {LABELS.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`kanban.label.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button type="submit" variant="contained">
            {t('common.update')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Box>
      </Box>
    </Drawer>
  )
}

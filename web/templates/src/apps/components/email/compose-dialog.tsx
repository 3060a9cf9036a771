import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useDemoT } from '../../hooks/use-demo-t'

const schema = z.object({
  to: z.email('validation.email'),
  subject: z.string().trim().min(1, 'validation.required'),
  body: z.string().trim().min(5, 'validation.min5'),
})
export type Draft = z.infer<typeof schema>

export function ComposeDialog({ open, onClose, onSend, onSaveDraft }: { open: boolean; onClose: () => void; onSend: (d: Draft) => void; onSaveDraft: (d: Partial<Draft>) => void }) {
  const { t } = useDemoT()
  const { control, handleSubmit, reset, getValues } = useForm<Draft>({ resolver: zodResolver(schema), defaultValues: { to: '', subject: '', body: '' } })
  const err = (m?: string) => (m ? t(m) : undefined)
  const close = () => {
    const v = getValues()
    if (v.to || v.subject || v.body) onSaveDraft(v)
    reset()
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((d) => {
          onSend(d)
          reset()
          onClose()
        })}
      >
        <DialogTitle>{t('email.compose')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3, pt: '8px !important' }}>
          <Controller name="to" control={control} render={({ field, fieldState }) => <TextField {...field} autoFocus type="email" label={t('email.to')} error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
          <Controller name="subject" control={control} render={({ field, fieldState }) => <TextField {...field} label={t('email.subject')} error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
          <Controller name="body" control={control} render={({ field, fieldState }) => <TextField {...field} multiline minRows={6} label={t('email.message')} error={!!fieldState.error} helperText={err(fieldState.error?.message)} />} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('email.saveDraftClose')}</Button>
          <Button type="submit" variant="contained">
            {t('common.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

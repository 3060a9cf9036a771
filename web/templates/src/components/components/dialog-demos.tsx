import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Theme } from '@mui/material/styles'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

type Open = 'none' | 'basic' | 'confirm' | 'form' | 'full'

export function DialogDemos() {
  const { t } = useTranslation('demo-ui')
  const fullScreenSmall = useMediaQuery((th: Theme) => th.breakpoints.down('sm'))
  const [open, setOpen] = useState<Open>('none')
  const [result, setResult] = useState('')
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState('')
  const close = () => setOpen('none')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!/^\S+@\S+\.\S+$/.test(email)) {
      setEmailError(t('validation.email'))
      return
    }
    setResult(t('components.dialog.subscribed', { email }))
    setEmail('')
    setEmailError('')
    close()
  }

  return (
    <>
      <DemoGrid>
        <DemoSection title={t('components.dialog.basic')}>
          <Button variant="contained" onClick={() => setOpen('basic')}>
            {t('components.dialog.open')}
          </Button>
        </DemoSection>
        <DemoSection title={t('components.dialog.confirm')}>
          <Button variant="outlined" color="error" onClick={() => setOpen('confirm')}>
            {t('components.dialog.deleteAccount')}
          </Button>
        </DemoSection>
        <DemoSection title={t('components.dialog.form')}>
          <Button variant="outlined" onClick={() => setOpen('form')}>
            {t('components.dialog.subscribe')}
          </Button>
        </DemoSection>
        <DemoSection title={t('components.dialog.fullscreen')}>
          <Button variant="outlined" onClick={() => setOpen('full')}>
            {t('components.dialog.openFull')}
          </Button>
        </DemoSection>
      </DemoGrid>
      <Typography role="status" sx={{ mt: 3 }}>
        {result}
      </Typography>

      <Dialog open={open === 'basic'} onClose={close} aria-labelledby="dlg-basic">
        <DialogTitle id="dlg-basic">{t('components.dialog.basicTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('components.dialog.basicText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'confirm'} onClose={close} aria-labelledby="dlg-confirm">
        <DialogTitle id="dlg-confirm">{t('components.dialog.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('components.dialog.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setResult(t('components.dialog.cancelled'))
              close()
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setResult(t('components.dialog.deleted'))
              close()
            }}
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'form'} onClose={close} aria-labelledby="dlg-form" fullScreen={fullScreenSmall}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id="dlg-form">{t('components.dialog.subscribe')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('components.dialog.subscribeText')}</DialogContentText>
            <TextField autoFocus fullWidth type="email" label={t('common.email')} value={email} onChange={(e) => setEmail(e.target.value)} error={!!emailError} helperText={emailError} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('components.dialog.subscribe')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog open={open === 'full'} onClose={close} fullScreen aria-labelledby="dlg-full">
        <DialogTitle id="dlg-full">{t('components.dialog.fullTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {(['one', 'two', 'three'] as const).map((k) => (
              <DialogContentText key={k}>{t(`components.dialog.fullText.${k}`)}</DialogContentText>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={close}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}

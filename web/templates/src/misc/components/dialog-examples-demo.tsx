import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconCreditCard, IconShieldLock, IconUserEdit } from '@tabler/icons-react'
import { useState, type ComponentType, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

type Which = 'user' | 'card' | 'twoFactor'
const TILES: { key: Which; icon: ComponentType<{ size?: number }> }[] = [
  { key: 'user', icon: IconUserEdit },
  { key: 'card', icon: IconCreditCard },
  { key: 'twoFactor', icon: IconShieldLock },
]

type Errors = Record<string, string>

export function DialogExamplesDemo() {
  const { t } = useTranslation('demo-ui')
  const [open, setOpen] = useState<Which | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [result, setResult] = useState('')
  const [step2fa, setStep2fa] = useState(0)
  const close = () => {
    setOpen(null)
    setErrors({})
    setStep2fa(0)
  }
  // Each dialog form lists its rules; the first failing rule per field is shown.
  const submit = (rules: Record<string, (v: string) => string>, done: string) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const errs: Errors = {}
    for (const [k, rule] of Object.entries(rules)) {
      const msg = rule(String(data.get(k) ?? '').trim())
      if (msg) errs[k] = msg
    }
    setErrors(errs)
    if (Object.keys(errs).length === 0) {
      setResult(done)
      close()
    }
  }
  const required = (v: string) => (v ? '' : t('validation.required'))
  const email = (v: string) => (/^\S+@\S+\.\S+$/.test(v) ? '' : t('validation.email'))
  const card = (v: string) => (/^\d{16}$/.test(v.replace(/\s/g, '')) ? '' : t('validation.card'))
  const expiry = (v: string) => (/^(0[1-9]|1[0-2])\/\d{2}$/.test(v) ? '' : t('dialogs.card.expiryError'))
  const cvc = (v: string) => (/^\d{3,4}$/.test(v) ? '' : t('dialogs.card.cvcError'))
  const otp = (v: string) => (/^\d{6}$/.test(v) ? '' : t('validation.otp'))
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => <TextField name={name} label={label} fullWidth error={!!errors[name]} helperText={errors[name] ?? ' '} {...extra} />

  return (
    <>
      <Grid container spacing={3}>
        {TILES.map((tile) => (
          <Grid key={tile.key} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%', textAlign: 'center' }}>
              <CardContent>
                <tile.icon size={40} />
                <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                  {t(`dialogs.${tile.key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t(`dialogs.${tile.key}.text`)}
                </Typography>
                <Button variant="contained" onClick={() => setOpen(tile.key)}>
                  {t('dialogs.show')}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography role="status" sx={{ mt: 3 }} color="success.main">
        {result}
      </Typography>

      <Dialog open={open === 'user'} onClose={close} fullWidth maxWidth="sm" aria-labelledby="dlg-user">
        <form noValidate onSubmit={submit({ firstName: required, lastName: required, email }, t('dialogs.user.done'))}>
          <DialogTitle id="dlg-user">{t('dialogs.user.title')}</DialogTitle>
          <DialogContent>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', t('forms.fields.firstName'), { defaultValue: 'Amelia' })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', t('forms.fields.lastName'), { defaultValue: 'Clarke' })}</Grid>
              <Grid size={{ xs: 12 }}>{field('email', t('common.email'), { type: 'email', defaultValue: 'amelia.clarke@example.com' })}</Grid>
            </Grid>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('common.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog open={open === 'card'} onClose={close} fullWidth maxWidth="sm" aria-labelledby="dlg-card">
        <form noValidate onSubmit={submit({ number: card, holder: required, expiry, cvc }, t('dialogs.card.done'))}>
          <DialogTitle id="dlg-card">{t('dialogs.card.title')}</DialogTitle>
          <DialogContent>
            <Grid container spacing={2} sx={{ pt: 1 }}>
              <Grid size={{ xs: 12 }}>{field('number', t('forms.textfield.card'), { inputMode: 'numeric', autoComplete: 'cc-number' })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('holder', t('dialogs.card.holder'), { autoComplete: 'cc-name' })}</Grid>
              <Grid size={{ xs: 6, sm: 3 }}>{field('expiry', t('dialogs.card.expiry'), { placeholder: 'MM/YY', autoComplete: 'cc-exp' })}</Grid>
              <Grid size={{ xs: 6, sm: 3 }}>{field('cvc', 'CVC', { inputMode: 'numeric', autoComplete: 'cc-csc' })}</Grid>
            </Grid>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('dialogs.card.add')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog open={open === 'twoFactor'} onClose={close} fullWidth maxWidth="xs" aria-labelledby="dlg-2fa">
        <form noValidate onSubmit={step2fa === 0 ? (e) => { e.preventDefault(); setStep2fa(1) } : submit({ code: otp }, t('dialogs.twoFactor.done'))}>
          <DialogTitle id="dlg-2fa">{t('dialogs.twoFactor.title')}</DialogTitle>
          <DialogContent>
            {step2fa === 0 ? (
              <Stack spacing={1}>
                <Typography>{t('dialogs.twoFactor.step1')}</Typography>
                <Typography dir="ltr" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  JBSW Y3DP EHPK 3PXP
                </Typography>
              </Stack>
            ) : (
              <Stack spacing={1} sx={{ pt: 1 }}>
                <Typography>{t('dialogs.twoFactor.step2')}</Typography>
                {field('code', t('dialogs.twoFactor.code'), { inputMode: 'numeric', autoComplete: 'one-time-code' })}
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained">
              {step2fa === 0 ? t('common.next') : t('dialogs.twoFactor.enable')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  )
}

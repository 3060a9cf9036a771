import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconRocket } from '@tabler/icons-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

/** The launch is always 12 days ahead of the first visit, so the countdown never reaches zero in a demo. */
const LAUNCH = Date.now() + 12 * 24 * 3600 * 1000

function parts(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000))
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 }
}

export function ComingSoonDemo() {
  const { t } = useTranslation('demo-ui')
  const [now, setNow] = useState(() => Date.now())
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  const left = parts(LAUNCH - now)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!/^\S+@\S+\.\S+$/.test(email)) {
      setError(t('validation.email'))
      return
    }
    setError('')
    setDone(t('misc.soon.done', { email }))
    setEmail('')
  }
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto' }}>
      <CardContent sx={{ textAlign: 'center', p: { xs: 3, sm: 5 } }}>
        <Box sx={{ color: 'primary.main', mb: 2 }}>
          <IconRocket size={72} stroke={1.3} aria-hidden />
        </Box>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('misc.soon.text')}
        </Typography>
        <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ justifyContent: 'center', mb: 4 }} role="timer" aria-label={t('misc.soon.countdown')}>
          {(['days', 'hours', 'minutes', 'seconds'] as const).map((k) => (
            <Box key={k} sx={{ minWidth: { xs: 64, sm: 84 }, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
              <Typography variant="h4" component="p">
                {String(left[k]).padStart(2, '0')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`misc.soon.units.${k}`)}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, maxWidth: 480, mx: 'auto' }}>
          <TextField size="small" fullWidth type="email" label={t('common.email')} value={email} onChange={(e) => setEmail(e.target.value)} error={!!error} helperText={error || ' '} />
          <Button type="submit" variant="contained" sx={{ alignSelf: { sm: 'flex-start' }, whiteSpace: 'nowrap' }}>
            {t('misc.soon.notify')}
          </Button>
        </Box>
        <Typography role="status" color="success.main">
          {done}
        </Typography>
      </CardContent>
    </Card>
  )
}

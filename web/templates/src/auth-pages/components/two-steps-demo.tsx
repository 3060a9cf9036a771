import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconDeviceMobileMessage } from '@tabler/icons-react'
import { OTPInput, type SlotProps } from 'input-otp'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cspNonce } from '@/lib/csp-nonce'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'

const LENGTH = 6

function Slot({ char, isActive, hasFakeCaret, error }: SlotProps & { error: boolean }) {
  return (
    <Box
      sx={{
        width: { xs: 40, sm: 48 },
        height: { xs: 44, sm: 52 },
        display: 'grid',
        placeItems: 'center',
        border: 1,
        borderRadius: 1,
        fontSize: 22,
        borderColor: error ? 'error.main' : isActive ? 'primary.main' : 'divider',
        boxShadow: isActive ? (th) => `0 0 0 1px ${th.palette.primary.main}` : 'none',
      }}
    >
      {char ?? (hasFakeCaret ? '|' : '')}
    </Box>
  )
}

export function TwoStepsDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [code, setCode] = useState('')
  const [error, setError] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const ok = code.length === LENGTH
    setError(!ok)
    setNotice(ok ? t('auth.twoSteps.done', { code }) : null)
  }
  return (
    <AuthShell variant={variant} title={t('auth.twoSteps.title')} subtitle={t('auth.twoSteps.subtitle', { phone: '+351 ••• ••• 789' })} icon={IconDeviceMobileMessage}>
      <DemoNotice message={notice} />
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth.twoSteps.submit')}>
        <Stack spacing={2}>
          <Typography id="otp-label">{t('auth.twoSteps.label')}</Typography>
          <Box dir="ltr">
            <OTPInput
              nonce={cspNonce}
              maxLength={LENGTH}
              value={code}
              onChange={(v) => {
                setCode(v)
                setError(false)
              }}
              inputMode="numeric"
              pattern="^\d*$"
              aria-labelledby="otp-label"
              autoFocus
              containerClassName="otp"
              render={({ slots }) => (
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                  {slots.map((s, i) => (
                    <Slot key={i} {...s} error={error} />
                  ))}
                </Box>
              )}
            />
          </Box>
          {error && (
            <Typography color="error" variant="body2" role="alert">
              {t('validation.otp')}
            </Typography>
          )}
          <Button type="submit" variant="contained" size="large">
            {t('auth.twoSteps.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.twoSteps.noCode')}{' '}
            <Link component="button" type="button" onClick={() => setNotice(t('auth.twoSteps.resent'))}>
              {t('auth.resend')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  )
}

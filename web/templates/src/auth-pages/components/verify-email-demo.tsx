import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconMailCheck } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'

const COOLDOWN = 30

export function VerifyEmailDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [wait, setWait] = useState(0)
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    if (wait <= 0) return
    const id = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(id)
  }, [wait])
  return (
    <AuthShell variant={variant} title={t('auth.verify.title')} icon={IconMailCheck}>
      <DemoNotice message={notice} />
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{t('auth.verify.text', { email: 'amelia.clarke@example.com' })}</Typography>
        <Button component={RouterLink} to="/pages/authentication/login-v1" variant="contained" size="large">
          {t('auth.verify.skip')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }} role="status">
          {t('auth.verify.noMail')}{' '}
          {wait > 0 ? (
            t('auth.verify.wait', { seconds: wait })
          ) : (
            <Link
              component="button"
              type="button"
              onClick={() => {
                setWait(COOLDOWN)
                setNotice(t('auth.verify.resent'))
              }}
            >
              {t('auth.resend')}
            </Link>
          )}
        </Typography>
      </Stack>
    </AuthShell>
  )
}

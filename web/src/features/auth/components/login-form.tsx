import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { RhfPasswordField, RhfTextField } from '@/components/form/rhf-text-field'
import { useSite } from '@/hooks/use-site'
import { api, ApiError } from '@/lib/api-client'
import type { Session } from '@/lib/api-types'
import { applyServerErrors } from '@/lib/form-errors'
import { saveSession } from '@/lib/session'
import { landingAfterLogin, withRedirect } from '../landing'
import { loginSchema, type LoginValues } from '../schemas'
import { GoogleSignIn } from './google-sign-in'

export function LoginForm() {
  const { t } = useTranslation(['shell', 'auth'])
  const site = useSite()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirecturl = params.get('redirecturl')
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })

  const signedIn = (s: Session) => {
    saveSession(s)
    navigate(landingAfterLogin(s, redirecturl, site), { replace: true })
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      signedIn(await api.auth.login(values))
    } catch (err) {
      // A wrong e-mail or password gets the product's own sentence, not the server's wording.
      setFormError(err instanceof ApiError && err.status === 401 ? t('auth:wrongCredentials') : applyServerErrors(err, ['email', 'password'], setError))
    }
  })

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth:signIn')}>
      <Stack spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <RhfTextField control={control} name="email" label={t('auth:email')} type="email" autoComplete="email" autoFocus />
        <RhfPasswordField control={control} name="password" label={t('auth:password')} autoComplete="current-password" />
        <Box sx={{ textAlign: 'end' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth:forgotPassword')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth:signIn')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth:newHere')}{' '}
          <Link component={RouterLink} to={withRedirect('/register', redirecturl)}>
            {t('auth:createAccount')}
          </Link>
        </Typography>
        <Divider>{t('common.or')}</Divider>
        <GoogleSignIn onSession={signedIn} onError={setFormError} />
      </Stack>
    </Box>
  )
}

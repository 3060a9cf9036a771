import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { RhfPasswordField, RhfTextField } from '@/components/form/rhf-text-field'
import { useSite } from '@/hooks/use-site'
import { api } from '@/lib/api-client'
import { applyServerErrors } from '@/lib/form-errors'
import { saveSession } from '@/lib/session'
import { landingAfterLogin, withRedirect } from '../landing'
import { registerSchema, type RegisterValues } from '../schemas'

export function RegisterForm() {
  const { t } = useTranslation(['shell', 'auth'])
  const site = useSite()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirecturl = params.get('redirecturl')
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      const s = await api.auth.register(values)
      saveSession(s)
      navigate(landingAfterLogin(s, redirecturl, site), { replace: true })
    } catch (err) {
      setFormError(applyServerErrors(err, ['displayName', 'email', 'password'], setError))
    }
  })

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth:signUp')}>
      <Stack spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <RhfTextField control={control} name="displayName" label={t('auth:displayName')} autoComplete="nickname" autoFocus errorValues={{ max: 80 }} />
        <RhfTextField control={control} name="email" label={t('auth:email')} type="email" autoComplete="email" />
        <RhfPasswordField control={control} name="password" label={t('auth:password')} autoComplete="new-password" helperText={t('validation.password')} />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth:signUp')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth:haveAccount')}{' '}
          <Link component={RouterLink} to={withRedirect('/login', redirecturl)}>
            {t('auth:signInInstead')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  )
}

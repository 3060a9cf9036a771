import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconLogin } from '@tabler/icons-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { loginSchema, type LoginValues } from '../schemas'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'
import { Field, PasswordField } from './field'

export function LoginDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [notice, setNotice] = useState<string | null>(null)
  const { control, handleSubmit } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', remember: false } })
  const base = '/pages/authentication'
  return (
    <AuthShell variant={variant} title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} icon={IconLogin}>
      <DemoNotice message={notice} />
      <Box component="form" noValidate aria-label={t('auth.login.submit')} onSubmit={handleSubmit((v) => setNotice(t('auth.login.done', { email: v.email })))}>
        <Stack spacing={2}>
          <Field control={control} name="email" label={t('common.email')} type="email" autoComplete="email" autoFocus />
          <PasswordField control={control} name="password" label={t('forms.fields.password')} autoComplete="current-password" />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Controller control={control} name="remember" render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('auth.login.remember')} />} />
            <Link component={RouterLink} to={`${base}/forgot-password-${variant}`} variant="body2">
              {t('auth.login.forgot')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large">
            {t('auth.login.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.login.newHere')}{' '}
            <Link component={RouterLink} to={`${base}/register-${variant}`}>
              {t('auth.login.create')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  )
}

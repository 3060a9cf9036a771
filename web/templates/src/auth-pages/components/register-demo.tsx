import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { registerSchema, type RegisterValues } from '../schemas'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'
import { Field, PasswordField } from './field'

export function RegisterDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [notice, setNotice] = useState<string | null>(null)
  const { control, handleSubmit } = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: { username: '', email: '', password: '', terms: false } })
  return (
    <AuthShell variant={variant} title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} icon={IconUserPlus}>
      <DemoNotice message={notice} />
      <Box component="form" noValidate aria-label={t('auth.register.submit')} onSubmit={handleSubmit((v) => setNotice(t('auth.register.done', { username: v.username })))}>
        <Stack spacing={2}>
          <Field control={control} name="username" label={t('forms.fields.username')} autoComplete="username" autoFocus />
          <Field control={control} name="email" label={t('common.email')} type="email" autoComplete="email" />
          <PasswordField control={control} name="password" label={t('forms.fields.password')} autoComplete="new-password" helperText={t('forms.validation.passwordHint')} />
          <Controller
            control={control}
            name="terms"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error}>
                <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('forms.checkbox.terms')} />
                {fieldState.error?.message && <FormHelperText>{t(fieldState.error.message)}</FormHelperText>}
              </FormControl>
            )}
          />
          <Button type="submit" variant="contained" size="large">
            {t('auth.register.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.register.haveAccount')}{' '}
            <Link component={RouterLink} to={`/pages/authentication/login-${variant}`}>
              {t('auth.register.signIn')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  )
}

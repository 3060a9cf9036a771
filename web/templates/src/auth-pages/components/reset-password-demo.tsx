import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { resetSchema, type ResetValues } from '../schemas'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'
import { PasswordField } from './field'

export function ResetPasswordDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [notice, setNotice] = useState<string | null>(null)
  const { control, handleSubmit, reset } = useForm<ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { password: '', confirm: '' } })
  return (
    <AuthShell variant={variant} title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email: 'amelia.clarke@example.com' })} icon={IconLock}>
      <DemoNotice message={notice} />
      <Box
        component="form"
        noValidate
        aria-label={t('auth.reset.submit')}
        onSubmit={handleSubmit(() => {
          setNotice(t('auth.reset.done'))
          reset()
        })}
      >
        <Stack spacing={2}>
          <PasswordField control={control} name="password" label={t('auth.reset.newPassword')} autoComplete="new-password" helperText={t('forms.validation.passwordHint')} autoFocus />
          <PasswordField control={control} name="confirm" label={t('forms.fields.confirmPassword')} autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large">
            {t('auth.reset.submit')}
          </Button>
          <Link component={RouterLink} to={`/pages/authentication/login-${variant}`} sx={{ textAlign: 'center' }}>
            {t('auth.backToLogin')}
          </Link>
        </Stack>
      </Box>
    </AuthShell>
  )
}

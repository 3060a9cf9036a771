import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { IconChevronLeft, IconKey } from '@tabler/icons-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { forgotSchema, type ForgotValues } from '../schemas'
import { AuthShell, type AuthVariant } from './auth-shell'
import { DemoNotice } from './demo-notice'
import { Field } from './field'

export function ForgotPasswordDemo({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-ui')
  const [notice, setNotice] = useState<string | null>(null)
  const { control, handleSubmit } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } })
  return (
    <AuthShell variant={variant} title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} icon={IconKey}>
      <DemoNotice message={notice} />
      <Box component="form" noValidate aria-label={t('auth.forgot.submit')} onSubmit={handleSubmit((v) => setNotice(t('auth.forgot.done', { email: v.email })))}>
        <Stack spacing={2}>
          <Field control={control} name="email" label={t('common.email')} type="email" autoComplete="email" autoFocus />
          <Button type="submit" variant="contained" size="large">
            {t('auth.forgot.submit')}
          </Button>
          <Link component={RouterLink} to={`/pages/authentication/login-${variant}`} sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
            <Box component="span" sx={{ display: 'inline-flex', transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}>
              <IconChevronLeft size={18} />
            </Box>
            {t('auth.backToLogin')}
          </Link>
        </Stack>
      </Box>
    </AuthShell>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { RhfTextField } from '@/components/form/rhf-text-field'
import { api } from '@/lib/api-client'
import { applyServerErrors } from '@/lib/form-errors'
import { forgotSchema, type ForgotValues } from '../schemas'

export function ForgotPasswordForm() {
  const { t } = useTranslation(['shell', 'auth'])
  const [sent, setSent] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<ForgotValues>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await api.auth.forgotPassword(values)
      setSent(true)
    } catch (err) {
      setFormError(applyServerErrors(err, ['email'], setError))
    }
  })
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth:sendResetLink')}>
      <Stack spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        {sent ? (
          <Alert severity="success" role="status">
            {t('auth:forgotSent')}
          </Alert>
        ) : (
          <>
            <RhfTextField control={control} name="email" label={t('auth:email')} type="email" autoComplete="email" autoFocus />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {t('auth:sendResetLink')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          {t('auth:backToLogin')}
        </Link>
      </Stack>
    </Box>
  )
}

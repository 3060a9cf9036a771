import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { RhfPasswordField } from '@/components/form/rhf-text-field'
import { api } from '@/lib/api-client'
import { applyServerErrors } from '@/lib/form-errors'
import { resetSchema, type ResetValues } from '../schemas'

export function ResetPasswordForm() {
  const { t } = useTranslation(['shell', 'auth'])
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [done, setDone] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await api.auth.resetPassword({ token, password: values.password })
      setDone(true)
    } catch (err) {
      setFormError(applyServerErrors(err, ['password'], setError))
    }
  })
  const back = (
    <Link component={RouterLink} to={done ? '/login' : '/forgot-password'} sx={{ textAlign: 'center' }}>
      {done ? t('auth:backToLogin') : t('auth:forgotTitle')}
    </Link>
  )
  if (!token) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t('auth:resetMissingToken')}</Alert>
        {back}
      </Stack>
    )
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth:setPassword')}>
      <Stack spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        {done ? (
          <Alert severity="success" role="status">
            {t('auth:resetDone')}
          </Alert>
        ) : (
          <>
            <RhfPasswordField control={control} name="password" label={t('auth:newPassword')} autoComplete="new-password" autoFocus helperText={t('validation.password')} />
            <RhfPasswordField control={control} name="confirm" label={t('auth:confirmPassword')} autoComplete="new-password" />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {t('auth:setPassword')}
            </Button>
          </>
        )}
        {back}
      </Stack>
    </Box>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { Controller, useForm, type DefaultValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { COUNTRIES } from '../data/options'
import { registrationSchema, type Registration } from '../schemas'
import { RhfField } from './rhf-field'

type FormInput = z.input<typeof registrationSchema>

// Age and terms start empty on purpose, so the schema reports them as missing.
const EMPTY: DefaultValues<FormInput> = { fullName: '', email: '', password: '', confirm: '', website: '', country: '' }

export function FormValidationDemo() {
  const { t } = useTranslation('demo-ui')
  const [saved, setSaved] = useState<Registration | null>(null)
  const { control, handleSubmit, reset, formState } = useForm<FormInput, unknown, Registration>({ resolver: zodResolver(registrationSchema), defaultValues: EMPTY, mode: 'onTouched' })
  const errorCount = Object.keys(formState.errors).length
  return (
    <Card>
      <CardHeader title={t('forms.validation.cardTitle')} subheader={t('forms.validation.cardHint')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <form noValidate onSubmit={handleSubmit((v) => setSaved(v))}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfField control={control} name="fullName" label={t('forms.fields.fullName')} required autoComplete="name" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfField control={control} name="email" label={t('common.email')} required type="email" autoComplete="email" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfField control={control} name="password" label={t('forms.fields.password')} required type="password" autoComplete="new-password" helperText={t('forms.validation.passwordHint')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RhfField control={control} name="confirm" label={t('forms.fields.confirmPassword')} required type="password" autoComplete="new-password" />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <RhfField control={control} name="age" label={t('forms.fields.age')} required type="number" numeric />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <RhfField control={control} name="website" label={t('forms.fields.website')} type="url" helperText={t('forms.validation.optional')} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <RhfField control={control} name="country" label={t('forms.fields.country')} required options={COUNTRIES} />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Controller
                control={control}
                name="terms"
                render={({ field, fieldState }) => (
                  <FormControl error={!!fieldState.error}>
                    <FormControlLabel control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />} label={t('forms.checkbox.terms')} />
                    {fieldState.error?.message && <FormHelperText>{t(fieldState.error.message)}</FormHelperText>}
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              {formState.isSubmitted && errorCount > 0 && (
                <Alert severity="error" sx={{ mb: 2 }} role="alert">
                  {t('forms.validation.fixErrors', { count: errorCount })}
                </Alert>
              )}
              {saved && errorCount === 0 && (
                <Alert severity="success" sx={{ mb: 2 }} role="status">
                  {t('forms.validation.success', { name: saved.fullName })}
                </Alert>
              )}
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained">
                  {t('common.submit')}
                </Button>
                <Button
                  variant="outlined"
                  color="secondary"
                  onClick={() => {
                    reset(EMPTY)
                    setSaved(null)
                  }}
                >
                  {t('common.reset')}
                </Button>
              </Stack>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import { IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { multiSchema, type MultiValues } from '../schemas'
import { AuthShell } from './auth-shell'
import { DemoNotice } from './demo-notice'
import { Field, PasswordField } from './field'

const STEPS = ['account', 'personal', 'billing'] as const
const FIELDS: FieldPath<MultiValues>[][] = [
  ['account.username', 'account.email', 'account.password', 'account.confirm'],
  ['personal.firstName', 'personal.lastName', 'personal.phone', 'personal.city'],
  ['plan.plan', 'plan.card'],
]
const PLANS = [
  { key: 'basic', price: 0 },
  { key: 'standard', price: 9 },
  { key: 'enterprise', price: 49 },
] as const

const EMPTY: MultiValues = {
  account: { username: '', email: '', password: '', confirm: '' },
  personal: { firstName: '', lastName: '', phone: '', city: '' },
  plan: { plan: 'standard', card: '' },
}

export function RegisterMultiStepsDemo() {
  const { t } = useTranslation('demo-ui')
  const [step, setStep] = useState(0)
  const [notice, setNotice] = useState<string | null>(null)
  const { control, trigger, handleSubmit } = useForm<MultiValues>({ resolver: zodResolver(multiSchema), defaultValues: EMPTY, mode: 'onTouched' })
  const next = async () => {
    if (await trigger(FIELDS[step] ?? [], { shouldFocus: true })) setStep((s) => s + 1)
  }
  const half = { xs: 12, sm: 6 }
  return (
    <AuthShell variant="v2" wide title={t('auth.multi.title')} subtitle={t('auth.multi.subtitle')} icon={IconUserPlus}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`auth.multi.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <DemoNotice message={notice} />
      <form noValidate onSubmit={handleSubmit((v) => setNotice(t('auth.multi.done', { name: v.personal.firstName, plan: t(`auth.multi.plans.${v.plan.plan}`) })))}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t(`auth.multi.steps.${STEPS[step] ?? 'account'}`)}
        </Typography>
        {step === 0 && (
          <Grid container spacing={2}>
            <Grid size={half}>
              <Field control={control} name="account.username" label={t('forms.fields.username')} autoComplete="username" />
            </Grid>
            <Grid size={half}>
              <Field control={control} name="account.email" label={t('common.email')} type="email" autoComplete="email" />
            </Grid>
            <Grid size={half}>
              <PasswordField control={control} name="account.password" label={t('forms.fields.password')} autoComplete="new-password" />
            </Grid>
            <Grid size={half}>
              <PasswordField control={control} name="account.confirm" label={t('forms.fields.confirmPassword')} autoComplete="new-password" />
            </Grid>
          </Grid>
        )}
        {step === 1 && (
          <Grid container spacing={2}>
            <Grid size={half}>
              <Field control={control} name="personal.firstName" label={t('forms.fields.firstName')} autoComplete="given-name" />
            </Grid>
            <Grid size={half}>
              <Field control={control} name="personal.lastName" label={t('forms.fields.lastName')} autoComplete="family-name" />
            </Grid>
            <Grid size={half}>
              <Field control={control} name="personal.phone" label={t('forms.fields.phone')} type="tel" autoComplete="tel" />
            </Grid>
            <Grid size={half}>
              <Field control={control} name="personal.city" label={t('auth.multi.city')} autoComplete="address-level2" />
            </Grid>
          </Grid>
        )}
        {step === 2 && (
          <>
            <Controller
              control={control}
              name="plan.plan"
              render={({ field }) => (
                <RadioGroup {...field} aria-label={t('auth.multi.plan')} sx={{ mb: 2 }}>
                  {PLANS.map((p) => (
                    <FormControlLabel key={p.key} value={p.key} control={<Radio />} label={`${t(`auth.multi.plans.${p.key}`)} — ${p.price ? t('forms.custom.perMonth', { price: p.price }) : t('forms.custom.free')}`} />
                  ))}
                </RadioGroup>
              )}
            />
            <Field control={control} name="plan.card" label={t('forms.textfield.card')} autoComplete="cc-number" inputMode="numeric" placeholder="4242 4242 4242 4242" />
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
          <Button variant="outlined" color="secondary" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            {t('common.previous')}
          </Button>
          {step < STEPS.length - 1 ? (
            <Button variant="contained" onClick={() => void next()}>
              {t('common.next')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" color="success">
              {t('common.submit')}
            </Button>
          )}
        </Box>
      </form>
    </AuthShell>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { StepIconProps } from '@mui/material/StepIcon'
import type { Theme } from '@mui/material/styles'
import { IconCheck, IconFileText, IconLink, IconUser, IconUserCircle } from '@tabler/icons-react'
import { useState, type ComponentType } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, LANGS } from '../data/options'
import { wizardSchema, type WizardValues } from '../schemas'
import { RhfField } from './rhf-field'

const STEPS = ['account', 'personal', 'social', 'review'] as const
const STEP_FIELDS: FieldPath<WizardValues>[][] = [
  ['account.username', 'account.email', 'account.password', 'account.confirm'],
  ['personal.firstName', 'personal.lastName', 'personal.country', 'personal.language'],
  ['social.twitter', 'social.linkedin', 'social.github'],
  [],
]
const ICONS: ComponentType<{ size?: number }>[] = [IconUserCircle, IconUser, IconLink, IconFileText]

const EMPTY: WizardValues = {
  account: { username: '', email: '', password: '', confirm: '' },
  personal: { firstName: '', lastName: '', country: '', language: '' },
  social: { twitter: '', linkedin: '', github: '' },
}

function IconStep({ active, completed, icon }: StepIconProps) {
  const Icon = ICONS[Number(icon) - 1] ?? IconUser
  return (
    <Avatar variant="rounded" sx={{ width: 38, height: 38, bgcolor: active ? 'primary.main' : completed ? 'primary.light' : 'action.selected', color: active || completed ? 'primary.contrastText' : 'text.secondary' }}>
      {completed ? <IconCheck size={20} /> : <Icon size={20} />}
    </Avatar>
  )
}

/** Four-step sign-up wizard; each step validates its own fields before moving on. */
export function FormWizard({ variant }: { variant: 'icons' | 'numbered' }) {
  const { t } = useTranslation('demo-ui')
  const narrow = useMediaQuery((th: Theme) => th.breakpoints.down('md'))
  const [step, setStep] = useState(0)
  const [done, setDone] = useState(false)
  const { control, trigger, getValues, handleSubmit, reset } = useForm<WizardValues>({ resolver: zodResolver(wizardSchema), defaultValues: EMPTY, mode: 'onTouched' })

  const next = async () => {
    if (await trigger(STEP_FIELDS[step] ?? [], { shouldFocus: true })) setStep((s) => s + 1)
  }
  const values = getValues()
  const stepTitle = (k: string) => t(`forms.wizard.steps.${k}.title`)

  const body = [
    <Grid container spacing={2.5} key="account">
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="account.username" label={t('forms.fields.username')} required autoComplete="username" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="account.email" label={t('common.email')} required type="email" autoComplete="email" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="account.password" label={t('forms.fields.password')} required type="password" autoComplete="new-password" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="account.confirm" label={t('forms.fields.confirmPassword')} required type="password" autoComplete="new-password" />
      </Grid>
    </Grid>,
    <Grid container spacing={2.5} key="personal">
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="personal.firstName" label={t('forms.fields.firstName')} required autoComplete="given-name" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="personal.lastName" label={t('forms.fields.lastName')} required autoComplete="family-name" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="personal.country" label={t('forms.fields.country')} required options={COUNTRIES} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RhfField control={control} name="personal.language" label={t('forms.fields.language')} required options={LANGS} />
      </Grid>
    </Grid>,
    <Grid container spacing={2.5} key="social">
      {(['twitter', 'linkedin', 'github'] as const).map((k) => (
        <Grid key={k} size={{ xs: 12, md: 4 }}>
          <RhfField control={control} name={`social.${k}`} label={t(`forms.fields.${k}`)} type="url" placeholder="https://" helperText={t('forms.validation.optional')} />
        </Grid>
      ))}
    </Grid>,
    <List key="review" dense>
      {[
        [t('forms.fields.username'), values.account.username],
        [t('common.email'), values.account.email],
        [t('forms.fields.fullName'), `${values.personal.firstName} ${values.personal.lastName}`],
        [t('forms.fields.country'), values.personal.country],
        [t('forms.fields.language'), values.personal.language],
        [t('forms.wizard.links'), [values.social.twitter, values.social.linkedin, values.social.github].filter(Boolean).join(', ') || '—'],
      ].map(([k, v]) => (
        <ListItem key={k} disableGutters>
          <ListItemText primary={v} secondary={k} />
        </ListItem>
      ))}
    </List>,
  ]

  return (
    <Card>
      <CardContent>
        <Stepper activeStep={step} orientation={narrow ? 'vertical' : 'horizontal'} alternativeLabel={variant === 'icons' && !narrow} sx={{ mb: 4 }}>
          {STEPS.map((k) => (
            <Step key={k}>
              <StepLabel
                slots={variant === 'icons' ? { stepIcon: IconStep } : undefined}
                optional={<Typography variant="caption" color="text.secondary">{t(`forms.wizard.steps.${k}.hint`)}</Typography>}
              >
                {stepTitle(k)}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        {done ? (
          <Box>
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('forms.wizard.done', { name: values.personal.firstName })}
            </Alert>
            <Button
              variant="outlined"
              onClick={() => {
                reset(EMPTY)
                setStep(0)
                setDone(false)
              }}
            >
              {t('forms.wizard.restart')}
            </Button>
          </Box>
        ) : (
          <form noValidate onSubmit={handleSubmit(() => setDone(true))}>
            <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
              {stepTitle(STEPS[step] ?? 'account')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t(`forms.wizard.steps.${STEPS[step] ?? 'account'}.text`)}
            </Typography>
            {body[step]}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
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
        )}
      </CardContent>
    </Card>
  )
}

export function FormWizardIcons() {
  return <FormWizard variant="icons" />
}

export function FormWizardNumbered() {
  return <FormWizard variant="numbered" />
}

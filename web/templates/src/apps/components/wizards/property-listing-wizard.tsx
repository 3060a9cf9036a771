import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { z } from 'zod'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { FormSwitch, FormText } from './rhf-fields'
import { WizardShell } from './wizard-shell'

const PROPERTY_TYPES = ['flat', 'house', 'villa', 'office', 'land'] as const

const schema = z
  .object({
    userType: z.enum(['owner', 'broker', 'builder']),
    firstName: z.string().trim().min(2, 'validation.min2'),
    lastName: z.string().trim().min(2, 'validation.min2'),
    email: z.email('validation.email'),
    phone: z.string().trim().regex(/^\+?[\d\s()-]{7,}$/, 'validation.phone'),
    propertyType: z.enum(PROPERTY_TYPES, { message: 'validation.required' }),
    zip: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'validation.zip'),
    address: z.string().trim().min(5, 'validation.min5'),
    bedrooms: z.number({ message: 'validation.number' }).int('validation.integer').min(0, 'validation.positive'),
    bathrooms: z.number({ message: 'validation.number' }).int('validation.integer').min(0, 'validation.positive'),
    furnished: z.boolean(),
    area: z.number({ message: 'validation.number' }).positive('validation.positive'),
    price: z.number({ message: 'validation.number' }).positive('validation.positive'),
    maintenance: z.number({ message: 'validation.number' }).nonnegative('validation.positive').optional(),
    negotiable: z.boolean(),
  })
  .refine((v) => v.propertyType === 'land' || v.bathrooms >= 1, { path: ['bathrooms'], message: 'validation.needBathroom' })
type Listing = z.infer<typeof schema>

const STEP_FIELDS: FieldPath<Listing>[][] = [
  ['userType', 'firstName', 'lastName', 'email', 'phone'],
  ['propertyType', 'zip', 'address'],
  ['bedrooms', 'bathrooms', 'furnished', 'area'],
  ['price', 'maintenance', 'negotiable'],
]

export function PropertyListingWizard() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [step, setStep] = useState(0)
  const [done, setDone] = useState<Listing | null>(null)
  const { control, trigger, getValues, watch } = useForm<Listing>({
    resolver: zodResolver(schema),
    defaultValues: { userType: 'owner', firstName: '', lastName: '', email: '', phone: '', zip: '', address: '', bedrooms: 2, bathrooms: 1, furnished: false, negotiable: true },
    mode: 'onTouched',
  })
  const steps = (['personal', 'property', 'features', 'price'] as const).map((k) => ({ key: k, title: t(`prop.step.${k}`), subtitle: t(`prop.stepSub.${k}`) }))
  const next = async () => {
    if (!(await trigger(STEP_FIELDS[step]))) return
    if (step === steps.length - 1) return setDone(getValues())
    setStep(step + 1)
  }
  const price = watch('price')
  const area = watch('area')
  return (
    <WizardShell
      title={t('prop.title')}
      steps={steps}
      active={step}
      onBack={() => setStep(step - 1)}
      onNext={() => void next()}
      finishLabel={t('common.submit')}
      done={
        done ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h5" component="h2">
              {t('prop.submitted')}
            </Typography>
            <Typography color="text.secondary">{t('prop.submittedText', { name: done.firstName, price: f.money(done.price) })}</Typography>
          </Box>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {step === 0 && (
          <>
            <Controller
              name="userType"
              control={control}
              render={({ field }) => (
                <RadioGroup row {...field} aria-label={t('prop.userType')} sx={{ gridColumn: '1 / -1' }}>
                  {(['owner', 'broker', 'builder'] as const).map((u) => (
                    <FormControlLabel key={u} value={u} control={<Radio />} label={t(`prop.user.${u}`)} />
                  ))}
                </RadioGroup>
              )}
            />
            <FormText control={control} name="firstName" required label={t('prop.firstName')} />
            <FormText control={control} name="lastName" required label={t('prop.lastName')} />
            <FormText control={control} name="email" type="email" required label={t('common.email')} />
            <FormText control={control} name="phone" required label={t('common.phone')} />
          </>
        )}
        {step === 1 && (
          <>
            <FormText control={control} name="propertyType" required label={t('prop.propertyType')} select={PROPERTY_TYPES.map((p) => ({ value: p, label: t(`prop.types.${p}`) }))} />
            <FormText control={control} name="zip" required label={t('prop.zip')} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormText control={control} name="address" required multiline label={t('prop.address')} />
            </Box>
          </>
        )}
        {step === 2 && (
          <>
            <FormText control={control} name="bedrooms" type="number" required label={t('prop.bedrooms')} />
            <FormText control={control} name="bathrooms" type="number" required label={t('prop.bathrooms')} />
            <FormText control={control} name="area" type="number" required label={t('prop.area')} />
            <FormSwitch control={control} name="furnished" label={t('prop.furnished')} />
          </>
        )}
        {step === 3 && (
          <>
            <FormText control={control} name="price" type="number" required label={t('prop.price')} />
            <FormText control={control} name="maintenance" type="number" label={t('prop.maintenance')} />
            <FormSwitch control={control} name="negotiable" label={t('prop.negotiable')} />
            {price > 0 && area > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {t('prop.perSqm', { value: f.money(price / area) })}
              </Typography>
            )}
          </>
        )}
      </Box>
    </WizardShell>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Controller, useForm, type FieldPath } from 'react-hook-form'
import { z } from 'zod'
import { useDemoT } from '../../hooks/use-demo-t'
import { FormSwitch, FormText } from './rhf-fields'
import { WizardShell } from './wizard-shell'

const DEAL_TYPES = ['percentage', 'flat', 'prime'] as const
const REGIONS = ['asia', 'europe', 'africa', 'northAmerica', 'southAmerica'] as const

const schema = z
  .object({
    type: z.enum(DEAL_TYPES),
    amount: z.number({ message: 'validation.number' }).positive('validation.positive'),
    title: z.string().trim().min(3, 'validation.min3'),
    code: z.string().trim().regex(/^[A-Z0-9]{4,12}$/, 'validation.dealCode'),
    region: z.enum(REGIONS, { message: 'validation.required' }),
    maxUses: z.number({ message: 'validation.number' }).int('validation.integer').min(1, 'validation.positive'),
    minCart: z.number({ message: 'validation.number' }).nonnegative('validation.positive'),
    freeDelivery: z.boolean(),
    terms: z.boolean().refine((v) => v, 'validation.acceptTerms'),
  })
  .refine((v) => v.type !== 'percentage' || v.amount <= 90, { path: ['amount'], message: 'validation.max90' })
type Deal = z.infer<typeof schema>

const STEP_FIELDS: FieldPath<Deal>[][] = [['type', 'amount'], ['title', 'code', 'region'], ['maxUses', 'minCart', 'freeDelivery'], ['terms']]

export function CreateDealWizard() {
  const { t } = useDemoT()
  const [step, setStep] = useState(0)
  const [created, setCreated] = useState<Deal | null>(null)
  const { control, trigger, getValues, watch } = useForm<Deal>({
    resolver: zodResolver(schema),
    defaultValues: { type: 'percentage', title: '', code: '', freeDelivery: false, terms: false, minCart: 0, maxUses: 100 },
    mode: 'onTouched',
  })
  const steps = (['type', 'details', 'usage', 'review'] as const).map((k) => ({ key: k, title: t(`deal.step.${k}`), subtitle: t(`deal.stepSub.${k}`) }))
  const next = async () => {
    if (!(await trigger(STEP_FIELDS[step]))) return
    if (step === steps.length - 1) return setCreated(getValues())
    setStep(step + 1)
  }
  const v = watch()
  return (
    <WizardShell
      title={t('deal.title')}
      steps={steps}
      active={step}
      onBack={() => setStep(step - 1)}
      onNext={() => void next()}
      finishLabel={t('deal.submit')}
      done={
        created ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h5" component="h2">
              {t('deal.created', { title: created.title })}
            </Typography>
            <Typography color="text.secondary">{t('deal.createdText', { code: created.code })}</Typography>
          </Box>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {step === 0 && (
          <>
            <Controller
              name="type"
              control={control}
              render={({ field }) => (
                <Box role="radiogroup" aria-label={t('deal.type')} sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
                  {DEAL_TYPES.map((d) => (
                    <Card key={d} variant="outlined" sx={{ borderColor: field.value === d ? 'primary.main' : undefined, borderWidth: field.value === d ? 2 : 1 }}>
                      <CardActionArea role="radio" aria-checked={field.value === d} onClick={() => field.onChange(d)}>
                        <CardContent>
                          <Typography variant="subtitle1">{t(`deal.types.${d}`)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t(`deal.typesHint.${d}`)}
                          </Typography>
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  ))}
                </Box>
              )}
            />
            <FormText control={control} name="amount" type="number" required label={v.type === 'percentage' ? t('deal.discountPercent') : t('deal.discountAmount')} />
          </>
        )}
        {step === 1 && (
          <>
            <FormText control={control} name="title" required label={t('deal.dealTitle')} />
            <FormText control={control} name="code" required label={t('deal.code')} />
            <FormText control={control} name="region" required label={t('deal.region')} select={REGIONS.map((r) => ({ value: r, label: t(`deal.regions.${r}`) }))} />
          </>
        )}
        {step === 2 && (
          <>
            <FormText control={control} name="maxUses" type="number" required label={t('deal.maxUses')} />
            <FormText control={control} name="minCart" type="number" required label={t('deal.minCart')} />
            <FormSwitch control={control} name="freeDelivery" label={t('deal.freeDelivery')} />
          </>
        )}
        {step === 3 && (
          <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
            <Typography variant="body2">
              <strong>{t('deal.dealTitle')}:</strong> {v.title}
            </Typography>
            <Typography variant="body2">
              <strong>{t('deal.type')}:</strong> {t(`deal.types.${v.type}`)} · {v.amount}
            </Typography>
            <Typography variant="body2">
              <strong>{t('deal.code')}:</strong> {v.code}
            </Typography>
            <Typography variant="body2">
              <strong>{t('deal.region')}:</strong> {v.region ? t(`deal.regions.${v.region}`) : ''}
            </Typography>
            <Typography variant="body2">
              <strong>{t('deal.maxUses')}:</strong> {v.maxUses}
            </Typography>
            <FormSwitch control={control} name="terms" checkbox label={t('deal.acceptTerms')} />
          </Box>
        )}
      </Box>
    </WizardShell>
  )
}

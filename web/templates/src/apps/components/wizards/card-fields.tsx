import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import { PatternFormat } from 'react-number-format'
import { expiryValid, luhn } from '../../data/checkout'
import { useDemoT } from '../../hooks/use-demo-t'

export interface CardValues {
  number: string
  name: string
  expiry: string
  cvv: string
}

export type CardErrors = Partial<Record<keyof CardValues, string>>

/** Returns i18n keys of the problems found. */
export function validateCard(v: CardValues): CardErrors {
  const e: CardErrors = {}
  if (!luhn(v.number.replace(/\D/g, ''))) e.number = 'validation.cardNumber'
  if (v.name.trim().length < 3) e.name = 'validation.min3'
  if (!expiryValid(v.expiry)) e.expiry = 'validation.expiry'
  if (!/^\d{3,4}$/.test(v.cvv)) e.cvv = 'validation.cvv'
  return e
}

export function CardFields({ value, errors, onChange }: { value: CardValues; errors: CardErrors; onChange: (v: CardValues) => void }) {
  const { t } = useDemoT()
  const msg = (k?: string) => (k ? t(k) : undefined)
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <PatternFormat
        customInput={TextField}
        format="#### #### #### ####"
        label={t('pay.cardNumber')}
        value={value.number}
        onValueChange={(v) => onChange({ ...value, number: v.value })}
        error={!!errors.number}
        helperText={msg(errors.number)}
        autoComplete="cc-number"
        inputMode="numeric"
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField label={t('pay.nameOnCard')} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} error={!!errors.name} helperText={msg(errors.name)} autoComplete="cc-name" sx={{ gridColumn: '1 / -1' }} />
      <PatternFormat customInput={TextField} format="##/##" placeholder={t('pay.expiryPlaceholder')} label={t('pay.expiry')} value={value.expiry} onValueChange={(v) => onChange({ ...value, expiry: v.formattedValue })} error={!!errors.expiry} helperText={msg(errors.expiry)} autoComplete="cc-exp" />
      <TextField label={t('pay.cvv')} value={value.cvv} onChange={(e) => onChange({ ...value, cvv: e.target.value.replace(/\D/g, '').slice(0, 4) })} error={!!errors.cvv} helperText={msg(errors.cvv)} autoComplete="cc-csc" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
    </Box>
  )
}

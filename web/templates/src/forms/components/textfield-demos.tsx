import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { IconEye, IconEyeOff, IconMail, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { NumericFormat, PatternFormat } from 'react-number-format'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

export function TextfieldDemos() {
  const { t } = useTranslation('demo-ui')
  const [shown, setShown] = useState(false)
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const emailError = touched && !/^\S+@\S+\.\S+$/.test(email) ? t('validation.email') : ''
  return (
    <DemoGrid>
      <DemoSection title={t('forms.textfield.variants')}>
        <Stack spacing={2}>
          <TextField label={t('forms.textfield.outlined')} />
          <TextField label={t('forms.textfield.filled')} variant="filled" />
          <TextField label={t('forms.textfield.standard')} variant="standard" />
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.textfield.states')}>
        <Stack spacing={2}>
          <TextField label={t('forms.textfield.required')} required helperText={t('forms.textfield.requiredHint')} />
          <TextField label={t('forms.disabled')} disabled defaultValue="Souk" />
          <TextField label={t('forms.textfield.readOnly')} defaultValue="ID-20931" slotProps={{ input: { readOnly: true } }} />
          <TextField label={t('forms.textfield.small')} size="small" />
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.textfield.adornments')}>
        <Stack spacing={2}>
          <TextField
            label={t('forms.textfield.search')}
            type="search"
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><IconSearch size={18} /></InputAdornment> } }}
          />
          <TextField
            label={t('forms.textfield.password')}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={shown ? t('forms.hidePassword') : t('forms.showPassword')} onClick={() => setShown((s) => !s)} edge="end">
                      {shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField label={t('forms.textfield.weight')} slotProps={{ input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> } }} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.textfield.formatted')}>
        <Stack spacing={2}>
          <NumericFormat customInput={TextField} label={t('forms.textfield.price')} thousandSeparator=" " decimalScale={2} suffix=" €" allowNegative={false} />
          <PatternFormat customInput={TextField} label={t('forms.textfield.phone')} format="+### ### ### ###" mask="_" />
          <PatternFormat customInput={TextField} label={t('forms.textfield.card')} format="#### #### #### ####" mask="_" />
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.textfield.validation')}>
        <Box>
          <TextField
            fullWidth
            label={t('common.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={!!emailError}
            helperText={emailError || t('forms.textfield.emailHint')}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><IconMail size={18} /></InputAdornment> } }}
          />
        </Box>
      </DemoSection>
    </DemoGrid>
  )
}

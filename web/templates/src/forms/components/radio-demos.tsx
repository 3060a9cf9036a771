import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const DELIVERY = ['standard', 'express', 'pickup'] as const

export function RadioDemos() {
  const { t } = useTranslation('demo-ui')
  const [delivery, setDelivery] = useState<string>('standard')
  const [answer, setAnswer] = useState('')
  const [state, setState] = useState<'idle' | 'missing' | 'wrong' | 'right'>('idle')
  const check = (e: FormEvent) => {
    e.preventDefault()
    setState(!answer ? 'missing' : answer === 'webrtc' ? 'right' : 'wrong')
  }
  return (
    <DemoGrid>
      <DemoSection title={t('forms.radio.basic')}>
        <FormControl>
          <FormLabel id="delivery-label">{t('forms.radio.delivery')}</FormLabel>
          <RadioGroup aria-labelledby="delivery-label" value={delivery} onChange={(e) => setDelivery(e.target.value)}>
            {DELIVERY.map((d) => (
              <FormControlLabel key={d} value={d} control={<Radio />} label={t(`forms.radio.options.${d}`)} />
            ))}
            <FormControlLabel value="drone" control={<Radio />} label={t('forms.radio.options.drone')} disabled />
          </RadioGroup>
        </FormControl>
      </DemoSection>
      <DemoSection title={t('forms.radio.colors')}>
        <RadioGroup row defaultValue="primary" aria-label={t('forms.radio.colors')}>
          {COLORS.map((c) => (
            <FormControlLabel key={c} value={c} control={<Radio color={c} />} label={t(`common.colors.${c}`)} />
          ))}
        </RadioGroup>
      </DemoSection>
      <DemoSection title={t('forms.radio.placement')}>
        <RadioGroup row defaultValue="end" aria-label={t('forms.radio.placement')}>
          {(['top', 'start', 'bottom', 'end'] as const).map((p) => (
            <FormControlLabel key={p} value={p} control={<Radio />} label={t(`forms.radio.places.${p}`)} labelPlacement={p} />
          ))}
        </RadioGroup>
      </DemoSection>
      <DemoSection title={t('forms.radio.validation')}>
        <Box component="form" onSubmit={check} noValidate>
          <FormControl error={state === 'missing' || state === 'wrong'}>
            <FormLabel id="quiz-label">{t('forms.radio.quiz')}</FormLabel>
            <RadioGroup aria-labelledby="quiz-label" value={answer} onChange={(e) => setAnswer(e.target.value)}>
              <FormControlLabel value="ftp" control={<Radio />} label="FTP" />
              <FormControlLabel value="webrtc" control={<Radio />} label="WebRTC" />
              <FormControlLabel value="smtp" control={<Radio />} label="SMTP" />
            </RadioGroup>
            <FormHelperText role="status">{state === 'idle' ? ' ' : t(`forms.radio.result.${state}`)}</FormHelperText>
          </FormControl>
          <Button type="submit" variant="outlined" sx={{ display: 'block', mt: 1 }}>
            {t('forms.radio.check')}
          </Button>
        </Box>
      </DemoSection>
    </DemoGrid>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import { IconBookmark, IconBookmarkFilled, IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const AMENITIES = ['parking', 'balcony', 'elevator'] as const

export function CheckboxDemos() {
  const { t } = useTranslation('demo-ui')
  const [amenities, setAmenities] = useState<string[]>(['parking'])
  const [terms, setTerms] = useState(false)
  const [submitted, setSubmitted] = useState<'idle' | 'error' | 'ok'>('idle')
  const all = amenities.length === AMENITIES.length
  const some = amenities.length > 0 && !all
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(terms ? 'ok' : 'error')
  }
  return (
    <DemoGrid>
      <DemoSection title={t('forms.checkbox.basic')}>
        <FormGroup row>
          <FormControlLabel control={<Checkbox defaultChecked />} label={t('forms.checkbox.checked')} />
          <FormControlLabel control={<Checkbox />} label={t('forms.checkbox.unchecked')} />
          <FormControlLabel control={<Checkbox disabled />} label={t('forms.disabled')} disabled />
        </FormGroup>
      </DemoSection>
      <DemoSection title={t('forms.checkbox.colors')}>
        <FormGroup row>
          {COLORS.map((c) => (
            <FormControlLabel key={c} control={<Checkbox defaultChecked color={c} />} label={t(`common.colors.${c}`)} />
          ))}
        </FormGroup>
      </DemoSection>
      <DemoSection title={t('forms.checkbox.indeterminate')}>
        <FormControlLabel
          label={t('forms.checkbox.allAmenities')}
          control={<Checkbox checked={all} indeterminate={some} onChange={() => setAmenities(all ? [] : [...AMENITIES])} />}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', marginInlineStart: 3 }}>
          {AMENITIES.map((a) => (
            <FormControlLabel
              key={a}
              label={t(`forms.checkbox.amenities.${a}`)}
              control={<Checkbox checked={amenities.includes(a)} onChange={(e) => setAmenities((s) => (e.target.checked ? [...s, a] : s.filter((x) => x !== a)))} />}
            />
          ))}
        </Box>
      </DemoSection>
      <DemoSection title={t('forms.checkbox.custom')}>
        <Stack direction="row">
          <Checkbox icon={<IconHeart />} checkedIcon={<IconHeartFilled />} color="error" slotProps={{ input: { 'aria-label': t('forms.checkbox.favourite') } }} />
          <Checkbox icon={<IconBookmark />} checkedIcon={<IconBookmarkFilled />} slotProps={{ input: { 'aria-label': t('forms.checkbox.bookmark') } }} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.checkbox.validation')}>
        <Box component="form" onSubmit={submit} noValidate>
          <FormControl error={submitted === 'error'} required>
            <FormLabel component="legend">{t('forms.checkbox.termsLegend')}</FormLabel>
            <FormControlLabel control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />} label={t('forms.checkbox.terms')} />
            <FormHelperText role={submitted === 'error' ? 'alert' : undefined}>
              {submitted === 'error' ? t('forms.checkbox.termsError') : submitted === 'ok' ? t('forms.accepted') : ' '}
            </FormHelperText>
          </FormControl>
          <Button type="submit" variant="contained" sx={{ display: 'block', mt: 1 }}>
            {t('common.submit')}
          </Button>
        </Box>
      </DemoSection>
    </DemoGrid>
  )
}

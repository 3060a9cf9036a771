import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import ListSubheader from '@mui/material/ListSubheader'
import MenuItem from '@mui/material/MenuItem'
import NativeSelect from '@mui/material/NativeSelect'
import Select from '@mui/material/Select'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CITIES, COUNTRIES, LANGS } from '../data/options'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

export function SelectDemos() {
  const { t } = useTranslation('demo-ui')
  const [country, setCountry] = useState('Portugal')
  const [langs, setLangs] = useState<string[]>(['English'])
  const [size, setSize] = useState('')
  const [error, setError] = useState(false)
  const [done, setDone] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(!size)
    setDone(!!size)
  }
  return (
    <DemoGrid>
      <DemoSection title={t('forms.select.basic')}>
        <FormControl fullWidth>
          <InputLabel id="country-l">{t('forms.select.country')}</InputLabel>
          <Select labelId="country-l" label={t('forms.select.country')} value={country} onChange={(e) => setCountry(e.target.value)}>
            {COUNTRIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DemoSection>
      <DemoSection title={t('forms.select.multiple')}>
        <FormControl fullWidth>
          <InputLabel id="langs-l">{t('forms.select.languages')}</InputLabel>
          <Select
            labelId="langs-l"
            label={t('forms.select.languages')}
            multiple
            value={langs}
            onChange={(e) => setLangs(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
            renderValue={(sel) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {sel.map((v) => (
                  <Chip key={v} label={v} size="small" />
                ))}
              </Box>
            )}
          >
            {LANGS.map((l) => (
              <MenuItem key={l} value={l}>
                {l}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DemoSection>
      <DemoSection title={t('forms.select.grouped')}>
        <FormControl fullWidth>
          <InputLabel id="grouped-l">{t('forms.select.office')}</InputLabel>
          <Select labelId="grouped-l" label={t('forms.select.office')} defaultValue="">
            {COUNTRIES.slice(0, 4).flatMap((country) => [
              <ListSubheader key={`h-${country}`}>{country}</ListSubheader>,
              ...CITIES.filter((c) => c.country === country).map((c) => (
                <MenuItem key={c.city} value={c.city}>
                  {c.city}
                </MenuItem>
              )),
            ])}
          </Select>
        </FormControl>
      </DemoSection>
      <DemoSection title={t('forms.select.native')}>
        <FormControl fullWidth>
          <InputLabel variant="standard" htmlFor="native-sel">
            {t('forms.select.country')}
          </InputLabel>
          <NativeSelect defaultValue="Spain" inputProps={{ id: 'native-sel' }}>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </DemoSection>
      <DemoSection title={t('forms.select.validation')}>
        <Box component="form" onSubmit={submit} noValidate>
          <FormControl fullWidth error={error} required>
            <InputLabel id="size-l">{t('forms.select.size')}</InputLabel>
            <Select labelId="size-l" label={t('forms.select.size')} value={size} onChange={(e) => setSize(e.target.value)}>
              {(['s', 'm', 'l', 'xl'] as const).map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`forms.select.sizes.${s}`)}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText role={error ? 'alert' : undefined}>{error ? t('forms.select.sizeError') : done ? t('forms.accepted') : t('forms.select.sizeHint')}</FormHelperText>
          </FormControl>
          <Button type="submit" variant="contained" sx={{ mt: 2 }}>
            {t('common.submit')}
          </Button>
        </Box>
      </DemoSection>
    </DemoGrid>
  )
}

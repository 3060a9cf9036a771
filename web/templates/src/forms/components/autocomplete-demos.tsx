import Autocomplete from '@mui/material/Autocomplete'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CITIES, SKILLS, type CityOption } from '../data/options'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

export function AutocompleteDemos() {
  const { t } = useTranslation('demo-ui')
  const [city, setCity] = useState<CityOption | null>(null)
  const [skills, setSkills] = useState<string[]>(['React', 'Go'])
  return (
    <DemoGrid>
      <DemoSection title={t('forms.autocomplete.single')}>
        <Autocomplete
          options={CITIES}
          value={city}
          onChange={(_, v) => setCity(v)}
          getOptionLabel={(o) => o.city}
          isOptionEqualToValue={(a, b) => a.city === b.city}
          renderInput={(params) => <TextField {...params} label={t('forms.autocomplete.city')} />}
          noOptionsText={t('forms.noOptions')}
        />
        <Typography role="status" sx={{ mt: 2 }} color="text.secondary">
          {city ? t('forms.autocomplete.chosen', { city: city.city, country: city.country }) : t('forms.autocomplete.none')}
        </Typography>
      </DemoSection>
      <DemoSection title={t('forms.autocomplete.grouped')}>
        <Autocomplete
          options={[...CITIES].sort((a, b) => a.country.localeCompare(b.country))}
          groupBy={(o) => o.country}
          getOptionLabel={(o) => o.city}
          renderInput={(params) => <TextField {...params} label={t('forms.autocomplete.cityByCountry')} />}
          noOptionsText={t('forms.noOptions')}
        />
      </DemoSection>
      <DemoSection title={t('forms.autocomplete.multiple')}>
        <Autocomplete
          multiple
          options={SKILLS}
          value={skills}
          onChange={(_, v) => setSkills(v)}
          filterSelectedOptions
          renderValue={(value, getItemProps) => value.map((opt, index) => <Chip {...getItemProps({ index })} key={opt} label={opt} size="small" />)}
          renderInput={(params) => <TextField {...params} label={t('forms.autocomplete.skills')} helperText={t('forms.autocomplete.skillCount', { count: skills.length })} />}
          noOptionsText={t('forms.noOptions')}
        />
      </DemoSection>
      <DemoSection title={t('forms.autocomplete.disabledOptions')}>
        <Autocomplete
          options={CITIES}
          getOptionLabel={(o) => o.city}
          getOptionDisabled={(o) => o.country === 'Egypt' || o.country === 'China'}
          renderInput={(params) => <TextField {...params} label={t('forms.autocomplete.deliveryCity')} helperText={t('forms.autocomplete.deliveryHint')} />}
          noOptionsText={t('forms.noOptions')}
        />
      </DemoSection>
    </DemoGrid>
  )
}

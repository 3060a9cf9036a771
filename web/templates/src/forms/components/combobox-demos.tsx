import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete'
import Chip from '@mui/material/Chip'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SKILLS } from '../data/options'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

interface TagOption {
  label: string
  /** Set on the synthetic "add" option. */
  create?: string
}

const filter = createFilterOptions<TagOption>()

export function ComboboxDemos() {
  const { t } = useTranslation('demo-ui')
  const [known, setKnown] = useState<TagOption[]>(SKILLS.map((label) => ({ label })))
  const [tags, setTags] = useState<TagOption[]>([{ label: 'React' }])
  const [free, setFree] = useState<string | null>('')
  const [many, setMany] = useState<string[]>(['Lisbon'])
  return (
    <DemoGrid>
      <DemoSection title={t('forms.combobox.creatable')} subheader={t('forms.combobox.creatableHint')}>
        <Autocomplete
          multiple
          options={known}
          value={tags}
          isOptionEqualToValue={(a, b) => a.label === b.label}
          getOptionLabel={(o) => (o.create ? t('forms.combobox.add', { value: o.create }) : o.label)}
          filterOptions={(opts, state) => {
            const out = filter(opts, state)
            const input = state.inputValue.trim()
            if (input && !opts.some((o) => o.label.toLowerCase() === input.toLowerCase())) out.push({ label: input, create: input })
            return out
          }}
          onChange={(_, v) => {
            const created = v.filter((o) => o.create).map((o) => ({ label: o.create ?? o.label }))
            if (created.length) setKnown((k) => [...k, ...created])
            setTags(v.map((o) => (o.create ? { label: o.create } : o)))
          }}
          renderValue={(value, getItemProps) => value.map((o, index) => <Chip {...getItemProps({ index })} key={o.label} label={o.label} size="small" color="primary" />)}
          renderInput={(params) => <TextField {...params} label={t('forms.combobox.tags')} />}
        />
        <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
          {t('forms.combobox.knownCount', { count: known.length })}
        </Typography>
      </DemoSection>
      <DemoSection title={t('forms.combobox.freeSolo')} subheader={t('forms.combobox.freeSoloHint')}>
        <Autocomplete freeSolo options={['Lisbon', 'Warsaw', 'Madrid', 'Lyon', 'Turin']} value={free} onChange={(_, v) => setFree(v)} renderInput={(params) => <TextField {...params} label={t('forms.combobox.destination')} />} />
        <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
          {t('forms.combobox.value', { value: free || '—' })}
        </Typography>
      </DemoSection>
      <DemoSection title={t('forms.combobox.multipleFree')}>
        <Autocomplete
          multiple
          freeSolo
          options={['Lisbon', 'Warsaw', 'Madrid', 'Lyon', 'Turin']}
          value={many}
          onChange={(_, v) => setMany(v)}
          renderValue={(value, getItemProps) => value.map((o, index) => <Chip {...getItemProps({ index })} key={o} label={o} size="small" variant="outlined" />)}
          renderInput={(params) => <TextField {...params} label={t('forms.combobox.stops')} helperText={t('forms.combobox.enterHint')} />}
        />
      </DemoSection>
      <DemoSection title={t('forms.combobox.readOnly')}>
        <Autocomplete multiple readOnly options={SKILLS} defaultValue={['Go', 'SQL']} renderInput={(params) => <TextField {...params} label={t('forms.combobox.locked')} />} />
      </DemoSection>
    </DemoGrid>
  )
}

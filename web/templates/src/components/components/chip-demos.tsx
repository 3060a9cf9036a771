import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const TAGS = ['React', 'TypeScript', 'Go', 'PostgreSQL', 'WebRTC', 'Vite']
const FILTERS = ['apartments', 'houses', 'offices', 'land'] as const

export function ChipDemos() {
  const { t } = useTranslation('demo-ui')
  const [tags, setTags] = useState(TAGS)
  const [active, setActive] = useState<string[]>(['apartments'])
  const toggle = (f: string) => setActive((a) => (a.includes(f) ? a.filter((x) => x !== f) : [...a, f]))
  return (
    <DemoGrid>
      <DemoSection title={t('components.chip.filled')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {COLORS.map((c) => (
            <Chip key={c} label={t(`common.colors.${c}`)} color={c} />
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.chip.outlined')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {COLORS.map((c) => (
            <Chip key={c} label={t(`common.colors.${c}`)} color={c} variant="outlined" size="small" />
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.chip.deletable')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {tags.map((tag) => (
            <Chip key={tag} label={tag} avatar={<Avatar>{tag[0]}</Avatar>} onDelete={() => setTags((all) => all.filter((x) => x !== tag))} />
          ))}
        </Stack>
        {tags.length < TAGS.length && (
          <Button size="small" onClick={() => setTags(TAGS)}>
            {t('common.reset')}
          </Button>
        )}
      </DemoSection>
      <DemoSection title={t('components.chip.clickable')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {FILTERS.map((f) => (
            <Chip
              key={f}
              label={t(`components.chip.filters.${f}`)}
              color={active.includes(f) ? 'primary' : 'default'}
              variant={active.includes(f) ? 'filled' : 'outlined'}
              onClick={() => toggle(f)}
              aria-pressed={active.includes(f)}
            />
          ))}
        </Stack>
        <Typography role="status" color="text.secondary">
          {t('components.chip.activeFilters', { list: active.map((f) => t(`components.chip.filters.${f}`)).join(', ') || '—' })}
        </Typography>
      </DemoSection>
    </DemoGrid>
  )
}

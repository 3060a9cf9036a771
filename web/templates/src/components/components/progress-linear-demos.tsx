import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'
import { useTicker } from './progress-circular-demos'
import { useNumberFormat } from '../../kit/number-format'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const SKILLS = [
  { key: 'react', value: 82 },
  { key: 'go', value: 64 },
  { key: 'design', value: 45 },
] as const

export function ProgressLinearDemos() {
  const { t } = useTranslation('demo-ui')
  const nf = useNumberFormat()
  const value = useTicker(5, 400)
  return (
    <DemoGrid>
      <DemoSection title={t('components.progress.indeterminate')}>
        <Stack spacing={2.5}>
          {COLORS.map((c) => (
            <LinearProgress key={c} color={c} aria-label={t('common.loading')} />
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.progress.determinate')}>
        <Stack spacing={2.5}>
          <LinearProgress variant="determinate" value={value} aria-label={t('components.progress.valueLabel', { value })} />
          <LinearProgress variant="buffer" value={value} valueBuffer={Math.min(100, value + 15)} color="secondary" aria-label={t('components.progress.buffer')} />
          <LinearProgress variant="query" color="info" aria-label={t('common.loading')} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.progress.withLabel')}>
        <Stack spacing={2.5}>
          {SKILLS.map((s) => (
            <Box key={s.key}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                <Typography id={`skill-${s.key}`}>{t(`components.progress.skills.${s.key}`)}</Typography>
                <Typography color="text.secondary">{nf.percent(s.value)}</Typography>
              </Box>
              <LinearProgress variant="determinate" value={s.value} sx={{ height: 8, borderRadius: 4 }} aria-labelledby={`skill-${s.key}`} />
            </Box>
          ))}
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

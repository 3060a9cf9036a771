import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { useTranslation } from 'react-i18next'
import type { Range } from '../data/chart-data'

export function RangeSelect({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  const { t } = useTranslation('demo-ui')
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_, v: Range | null) => v && onChange(v)} aria-label={t('charts.range')}>
      {(['quarter', 'half', 'year'] as const).map((r) => (
        <ToggleButton key={r} value={r}>
          {t(`charts.ranges.${r}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

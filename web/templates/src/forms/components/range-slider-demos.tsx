import Box from '@mui/material/Box'
import Slider from '@mui/material/Slider'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const MIN_GAP = 50
const PRICES = [120, 180, 240, 260, 310, 350, 420, 480, 520, 610, 680, 750, 820, 900]

export function RangeSliderDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const [price, setPrice] = useState<number[]>([200, 600])
  const [area, setArea] = useState<number[]>([40, 90])
  const [hours, setHours] = useState<number[]>([9, 17])
  const money = useMemo(() => new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }), [i18n.language])
  const [lo = 0, hi = 0] = price
  const matches = PRICES.filter((p) => p >= lo && p <= hi).length

  // Keeps the two thumbs at least MIN_GAP apart, moving the one being dragged.
  const onPrice = (_: Event, v: number[], thumb: number) => {
    const [a = 0, b = 0] = v
    if (thumb === 0) setPrice([Math.min(a, hi - MIN_GAP), hi])
    else setPrice([lo, Math.max(b, lo + MIN_GAP)])
  }
  return (
    <DemoGrid>
      <DemoSection title={t('forms.range.price')} subheader={t('forms.range.minGap', { gap: money.format(MIN_GAP) })}>
        <Box sx={{ px: 1 }}>
          <Slider value={price} onChange={onPrice} min={0} max={1000} step={10} disableSwap valueLabelDisplay="auto" valueLabelFormat={(v) => money.format(v)} getAriaLabel={(i) => t(i === 0 ? 'forms.range.from' : 'forms.range.to')} />
        </Box>
        <Stack direction="row" spacing={2}>
          <TextField size="small" type="number" label={t('forms.range.from')} value={lo} onChange={(e) => setPrice([Math.min(Number(e.target.value), hi - MIN_GAP), hi])} />
          <TextField size="small" type="number" label={t('forms.range.to')} value={hi} onChange={(e) => setPrice([lo, Math.max(Number(e.target.value), lo + MIN_GAP)])} />
        </Stack>
        <Typography role="status" sx={{ mt: 2 }}>
          {t('forms.range.matches', { count: matches, total: PRICES.length })}
        </Typography>
      </DemoSection>
      <DemoSection title={t('forms.range.area')}>
        <Box sx={{ px: 1 }}>
          <Slider value={area} onChange={(_, v) => setArea(v)} min={20} max={200} marks={[{ value: 20, label: '20 m²' }, { value: 200, label: '200 m²' }]} valueLabelDisplay="on" getAriaLabel={(i) => t(i === 0 ? 'forms.range.from' : 'forms.range.to')} sx={{ mt: 4 }} />
        </Box>
        <Typography color="text.secondary">{t('forms.range.areaValue', { from: area[0], to: area[1] })}</Typography>
      </DemoSection>
      <DemoSection title={t('forms.range.hours')}>
        <Box sx={{ px: 1 }}>
          <Slider value={hours} onChange={(_, v) => setHours(v)} min={0} max={24} step={1} marks color="secondary" valueLabelDisplay="auto" valueLabelFormat={(v) => `${v}:00`} getAriaLabel={(i) => t(i === 0 ? 'forms.range.from' : 'forms.range.to')} />
        </Box>
        <Typography color="text.secondary">{t('forms.range.hoursValue', { from: `${hours[0]}:00`, to: `${hours[1]}:00` })}</Typography>
      </DemoSection>
    </DemoGrid>
  )
}

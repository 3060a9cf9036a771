import Box from '@mui/material/Box'
import Slider from '@mui/material/Slider'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconVolume, IconVolume3 } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const

export function SliderDemos() {
  const { t } = useTranslation('demo-ui')
  const [volume, setVolume] = useState(40)
  const [rooms, setRooms] = useState(3)
  const [radius, setRadius] = useState(25)
  const marks = [0, 25, 50, 75, 100].map((v) => ({ value: v, label: `${v} km` }))
  return (
    <DemoGrid>
      <DemoSection title={t('forms.slider.continuous')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconVolume3 aria-hidden />
          <Slider value={volume} onChange={(_, v) => setVolume(v)} aria-label={t('forms.slider.volume')} valueLabelDisplay="auto" />
          <IconVolume aria-hidden />
        </Stack>
        <Typography role="status" color="text.secondary">
          {t('forms.slider.volumeValue', { value: volume })}
        </Typography>
      </DemoSection>
      <DemoSection title={t('forms.slider.discrete')}>
        <Slider value={rooms} onChange={(_, v) => setRooms(v)} step={1} marks min={1} max={6} valueLabelDisplay="on" aria-label={t('forms.slider.rooms')} sx={{ mt: 4 }} />
        <Typography color="text.secondary">{t('forms.slider.roomsValue', { count: rooms })}</Typography>
      </DemoSection>
      <DemoSection title={t('forms.slider.marks')}>
        <Box sx={{ px: 1 }}>
          <Slider value={radius} onChange={(_, v) => setRadius(v)} step={null} marks={marks} aria-label={t('forms.slider.radius')} getAriaValueText={(v) => `${v} km`} />
        </Box>
        <TextField
          size="small"
          type="number"
          label={t('forms.slider.radius')}
          value={radius}
          onChange={(e) => setRadius(Math.max(0, Math.min(100, Number(e.target.value))))}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 25 } }}
          sx={{ mt: 2, width: 160 }}
        />
      </DemoSection>
      <DemoSection title={t('forms.slider.colorsVertical')}>
        <Stack direction="row" spacing={3} sx={{ height: 160 }}>
          {COLORS.map((c, i) => (
            <Slider key={c} orientation="vertical" defaultValue={30 + i * 10} color={c} aria-label={t(`common.colors.${c}`)} />
          ))}
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

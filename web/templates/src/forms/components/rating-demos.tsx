import Box from '@mui/material/Box'
import Rating from '@mui/material/Rating'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconHeart, IconHeartFilled } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const LABELS = ['useless', 'poor', 'ok', 'good', 'excellent'] as const

export function RatingDemos() {
  const { t } = useTranslation('demo-ui')
  const [value, setValue] = useState<number | null>(3)
  const [hover, setHover] = useState(-1)
  const [half, setHalf] = useState<number | null>(2.5)
  const shown = hover !== -1 ? hover : (value ?? 0)
  return (
    <DemoGrid>
      <DemoSection title={t('forms.rating.hoverFeedback')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Rating name="feedback" value={value} onChange={(_, v) => setValue(v)} onChangeActive={(_, v) => setHover(v)} getLabelText={(v) => t('forms.rating.stars', { count: v })} />
          <Box role="status">{shown > 0 ? t(`forms.rating.labels.${LABELS[Math.ceil(shown) - 1] ?? 'ok'}`) : t('forms.rating.noRating')}</Box>
        </Stack>
      </DemoSection>
      <DemoSection title={t('forms.rating.precision')}>
        <Rating name="half" value={half} precision={0.5} onChange={(_, v) => setHalf(v)} getLabelText={(v) => t('forms.rating.stars', { count: v })} />
        <Typography color="text.secondary">{t('forms.rating.value', { value: half ?? 0 })}</Typography>
      </DemoSection>
      <DemoSection title={t('forms.rating.custom')}>
        <Rating name="hearts" defaultValue={4} max={6} icon={<IconHeartFilled size={22} />} emptyIcon={<IconHeart size={22} />} sx={{ color: 'error.main' }} getLabelText={(v) => t('forms.rating.stars', { count: v })} />
      </DemoSection>
      <DemoSection title={t('forms.rating.sizesReadOnly')}>
        <Stack spacing={1}>
          <Rating name="ro" value={4.5} precision={0.5} readOnly size="small" />
          <Rating name="dis" value={3} disabled />
          <Rating name="lg" defaultValue={2} size="large" getLabelText={(v) => t('forms.rating.stars', { count: v })} />
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

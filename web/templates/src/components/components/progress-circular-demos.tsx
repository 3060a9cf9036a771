import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'
import { useNumberFormat } from '../../kit/number-format'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const

/** Advances a percentage every tick and wraps around, so determinate indicators move. */
export function useTicker(step = 10, ms = 800): number {
  const [value, setValue] = useState(0)
  useEffect(() => {
    const id = setInterval(() => setValue((v) => (v >= 100 ? 0 : Math.min(100, v + step))), ms)
    return () => clearInterval(id)
  }, [step, ms])
  return value
}

export function ProgressCircularDemos() {
  const { t } = useTranslation('demo-ui')
  const nf = useNumberFormat()
  const value = useTicker()
  const [uploading, setUploading] = useState(false)
  const [upload, setUpload] = useState(0)
  useEffect(() => {
    if (!uploading) return
    const id = setInterval(() => setUpload((u) => Math.min(100, u + 20)), 400)
    return () => clearInterval(id)
  }, [uploading])
  useEffect(() => {
    if (upload >= 100) setUploading(false)
  }, [upload])

  return (
    <DemoGrid>
      <DemoSection title={t('components.progress.indeterminate')}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {COLORS.map((c) => (
            <CircularProgress key={c} color={c} aria-label={t('common.loading')} />
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.progress.determinate')}>
        <Stack direction="row" spacing={2}>
          {[25, 50, 75, 100].map((v) => (
            <CircularProgress key={v} variant="determinate" value={v} aria-label={t('components.progress.valueLabel', { value: v })} />
          ))}
          <CircularProgress variant="determinate" value={value} color="success" aria-label={t('components.progress.valueLabel', { value })} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.progress.withLabel')}>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <Box sx={{ position: 'relative', display: 'inline-flex' }}>
            <CircularProgress variant="determinate" value={upload} size={64} aria-label={t('components.progress.upload')} />
            <Box sx={{ inset: 0, position: 'absolute', display: 'grid', placeItems: 'center' }}>
              <Typography variant="caption">{nf.percent(upload)}</Typography>
            </Box>
          </Box>
          <Button
            variant="contained"
            disabled={uploading}
            onClick={() => {
              setUpload(0)
              setUploading(true)
            }}
          >
            {t('components.progress.startUpload')}
          </Button>
          <Typography role="status">{upload >= 100 ? t('components.progress.uploadDone') : ''}</Typography>
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.progress.sizes')}>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          {[20, 32, 48, 64].map((s) => (
            <CircularProgress key={s} size={s} thickness={s > 40 ? 5 : 3.6} aria-label={t('common.loading')} />
          ))}
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { IconAlignCenter, IconAlignLeft, IconAlignRight, IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const VARIANTS = ['contained', 'outlined', 'text'] as const
type Align = 'start' | 'center' | 'end'

export function ButtonDemos() {
  const { t } = useTranslation('demo-ui')
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(0)
  const [align, setAlign] = useState<Align>('start')

  useEffect(() => {
    if (!saving) return
    const id = setTimeout(() => {
      setSaving(false)
      setSaved((n) => n + 1)
    }, 1500)
    return () => clearTimeout(id)
  }, [saving])

  return (
    <DemoGrid>
      {VARIANTS.map((v) => (
        <DemoSection key={v} title={t(`components.button.${v}`)}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {COLORS.map((c) => (
              <Button key={c} variant={v} color={c}>
                {t(`common.colors.${c}`)}
              </Button>
            ))}
          </Stack>
        </DemoSection>
      ))}
      <DemoSection title={t('components.button.withIcons')}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="contained" endIcon={<IconSend size={18} />}>
            {t('common.send')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<IconTrash size={18} />}>
            {t('common.delete')}
          </Button>
          <IconButton aria-label={t('common.delete')} color="error">
            <IconTrash />
          </IconButton>
          {(['small', 'medium', 'large'] as const).map((s) => (
            <Button key={s} size={s} variant="contained">
              {t(`common.sizes.${s}`)}
            </Button>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.button.loading')}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Button variant="contained" loading={saving} loadingPosition="start" startIcon={<IconDeviceFloppy size={18} />} onClick={() => setSaving(true)}>
            {saving ? t('components.button.saving') : t('common.save')}
          </Button>
          <Typography role="status" color="text.secondary">
            {t('components.button.savedTimes', { count: saved })}
          </Typography>
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.button.toggle')}>
        <ToggleButtonGroup exclusive value={align} onChange={(_, v: Align | null) => v && setAlign(v)} aria-label={t('components.button.alignment')}>
          <ToggleButton value="start" aria-label={t('components.button.alignStart')}>
            <IconAlignLeft size={18} />
          </ToggleButton>
          <ToggleButton value="center" aria-label={t('components.button.alignCenter')}>
            <IconAlignCenter size={18} />
          </ToggleButton>
          <ToggleButton value="end" aria-label={t('components.button.alignEnd')}>
            <IconAlignRight size={18} />
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography sx={{ mt: 2, textAlign: align }}>{t('components.button.alignedText')}</Typography>
      </DemoSection>
    </DemoGrid>
  )
}

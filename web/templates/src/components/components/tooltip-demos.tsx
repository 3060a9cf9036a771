import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Zoom from '@mui/material/Zoom'
import { IconInfoCircle, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const PLACEMENTS = ['top', 'bottom', 'left', 'right'] as const

export function TooltipDemos() {
  const { t } = useTranslation('demo-ui')
  const [open, setOpen] = useState(false)
  return (
    <DemoGrid>
      <DemoSection title={t('components.tooltip.placements')}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {PLACEMENTS.map((p) => (
            <Tooltip key={p} title={t(`components.tooltip.place.${p}`)} placement={p} arrow>
              <Button variant="outlined">{t(`components.tooltip.place.${p}`)}</Button>
            </Tooltip>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.tooltip.icons')}>
        <Stack direction="row" spacing={1.5}>
          <Tooltip title={t('common.delete')}>
            <IconButton aria-label={t('common.delete')}>
              <IconTrash />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('components.tooltip.info')} slots={{ transition: Zoom }} enterDelay={400}>
            <IconButton aria-label={t('components.tooltip.info')}>
              <IconInfoCircle />
            </IconButton>
          </Tooltip>
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.tooltip.controlled')}>
        <Tooltip title={t('components.tooltip.clicked')} open={open} onClose={() => setOpen(false)} disableHoverListener disableFocusListener arrow>
          <Button variant="contained" onClick={() => setOpen((o) => !o)}>
            {open ? t('components.tooltip.hide') : t('components.tooltip.show')}
          </Button>
        </Tooltip>
      </DemoSection>
      <DemoSection title={t('components.tooltip.disabled')}>
        <Tooltip title={t('components.tooltip.disabledHint')}>
          <span>
            <Button disabled>{t('common.save')}</Button>
          </span>
        </Tooltip>
      </DemoSection>
    </DemoGrid>
  )
}

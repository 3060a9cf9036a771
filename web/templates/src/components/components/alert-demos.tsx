import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const
const VARIANTS = ['standard', 'outlined', 'filled'] as const

export function AlertDemos() {
  const { t } = useTranslation('demo-ui')
  const [open, setOpen] = useState(true)
  return (
    <DemoGrid>
      {VARIANTS.map((variant) => (
        <DemoSection key={variant} title={t(`components.alert.${variant}`)}>
          <Stack spacing={2}>
            {SEVERITIES.map((s) => (
              <Alert key={s} severity={s} variant={variant}>
                {t(`components.alert.msg.${s}`)}
              </Alert>
            ))}
          </Stack>
        </DemoSection>
      ))}
      <DemoSection title={t('components.alert.closable')}>
        <Collapse in={open}>
          <Alert severity="info" onClose={() => setOpen(false)} slotProps={{ closeButton: { 'aria-label': t('common.close') } }}>
            <AlertTitle>{t('components.alert.updateTitle')}</AlertTitle>
            {t('components.alert.updateText')}
          </Alert>
        </Collapse>
        {!open && (
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {t('components.alert.reopen')}
          </Button>
        )}
      </DemoSection>
    </DemoGrid>
  )
}

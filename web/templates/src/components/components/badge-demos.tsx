import Badge from '@mui/material/Badge'
import ButtonGroup from '@mui/material/ButtonGroup'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { IconMail, IconMinus, IconPlus, IconShoppingCart } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const

export function BadgeDemos() {
  const { t } = useTranslation('demo-ui')
  const [count, setCount] = useState(4)
  const [visible, setVisible] = useState(true)
  return (
    <DemoGrid>
      <DemoSection title={t('components.badge.colors')}>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {COLORS.map((c, i) => (
            <Badge key={c} badgeContent={i + 1} color={c}>
              <IconMail aria-label={t('components.badge.inbox')} />
            </Badge>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.badge.counter')}>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <Badge badgeContent={count} color="primary" max={99} invisible={!visible}>
            <IconShoppingCart aria-label={t('components.badge.cart', { count })} />
          </Badge>
          <ButtonGroup size="small" variant="outlined">
            <Button aria-label={t('components.badge.decrease')} onClick={() => setCount((c) => Math.max(0, c - 1))}>
              <IconMinus size={16} />
            </Button>
            <Button aria-label={t('components.badge.increase')} onClick={() => setCount((c) => c + 1)}>
              <IconPlus size={16} />
            </Button>
          </ButtonGroup>
          <FormControlLabel control={<Switch checked={visible} onChange={(e) => setVisible(e.target.checked)} />} label={t('components.badge.show')} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.badge.dot')}>
        <Stack direction="row" spacing={3}>
          {COLORS.slice(0, 4).map((c) => (
            <Badge key={c} variant="dot" color={c}>
              <IconMail aria-label={t('components.badge.inbox')} />
            </Badge>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.badge.max')}>
        <Stack direction="row" spacing={4}>
          {[99, 100, 1000].map((n) => (
            <Badge key={n} badgeContent={n} max={n === 1000 ? 999 : 99} color="error">
              <IconMail aria-label={t('components.badge.inbox')} />
            </Badge>
          ))}
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

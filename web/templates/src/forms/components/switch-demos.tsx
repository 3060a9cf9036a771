import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const
const SETTINGS = ['newMessages', 'offers', 'priceDrops', 'newsletter'] as const

export function SwitchDemos() {
  const { t } = useTranslation('demo-ui')
  const [on, setOn] = useState<Record<string, boolean>>({ newMessages: true, offers: true, priceDrops: false, newsletter: false })
  const enabled = SETTINGS.filter((s) => on[s]).length
  return (
    <DemoGrid>
      <DemoSection title={t('forms.switch.basic')}>
        <FormGroup row>
          <FormControlLabel control={<Switch defaultChecked />} label={t('forms.switch.on')} />
          <FormControlLabel control={<Switch />} label={t('forms.switch.off')} />
          <FormControlLabel control={<Switch disabled />} label={t('forms.disabled')} disabled />
          <FormControlLabel control={<Switch size="small" defaultChecked />} label={t('common.sizes.small')} />
        </FormGroup>
      </DemoSection>
      <DemoSection title={t('forms.switch.colors')}>
        <FormGroup row>
          {COLORS.map((c) => (
            <FormControlLabel key={c} control={<Switch defaultChecked color={c} />} label={t(`common.colors.${c}`)} />
          ))}
        </FormGroup>
      </DemoSection>
      <DemoSection title={t('forms.switch.settings')} subheader={t('forms.switch.enabledCount', { count: enabled, total: SETTINGS.length })}>
        <List disablePadding>
          {SETTINGS.map((s) => (
            <ListItem key={s} disableGutters secondaryAction={<Switch edge="end" checked={!!on[s]} onChange={(e) => setOn((o) => ({ ...o, [s]: e.target.checked }))} slotProps={{ input: { 'aria-labelledby': `sw-${s}` } }} />}>
              <ListItemText id={`sw-${s}`} primary={t(`forms.switch.items.${s}.title`)} secondary={t(`forms.switch.items.${s}.text`)} />
            </ListItem>
          ))}
        </List>
      </DemoSection>
      <DemoSection title={t('forms.switch.placement')}>
        <FormGroup>
          {(['start', 'end', 'top', 'bottom'] as const).map((p) => (
            <FormControlLabel key={p} control={<Switch />} label={t(`forms.radio.places.${p}`)} labelPlacement={p} sx={{ justifyContent: 'flex-start' }} />
          ))}
        </FormGroup>
        <Typography variant="caption" color="text.secondary">
          {t('forms.switch.placementHint')}
        </Typography>
      </DemoSection>
    </DemoGrid>
  )
}

import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Drawer from '@mui/material/Drawer'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Switch from '@mui/material/Switch'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { IconX } from '@tabler/icons-react'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings, useSettingsStore } from '../hooks/use-settings'
import type { Settings } from '../settings-store'

interface ChoiceProps<K extends keyof Settings> {
  label: string
  name: K
  options: { value: Settings[K]; label: string }[]
}

function Choice<K extends keyof Settings>({ label, name, options }: ChoiceProps<K>) {
  const [settings, set] = useSettings()
  const id = useId()
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography id={id} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        aria-labelledby={id}
        exclusive
        size="small"
        fullWidth
        value={settings[name]}
        onChange={(_, v: Settings[K] | null) => {
          if (v !== null) set({ [name]: v } as Partial<Settings>)
        }}
      >
        {options.map((o) => (
          <ToggleButton key={String(o.value)} value={o.value as string} sx={{ textTransform: 'none' }}>
            {o.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  )
}

function Toggle({ label, name, disabled }: { label: string; name: 'isVerticalNavSemiDark' | 'isVerticalNavCollapsed' | 'navbarBlur'; disabled?: boolean }) {
  const [settings, set] = useSettings()
  return (
    <FormControlLabel
      sx={{ display: 'flex', justifyContent: 'space-between', ml: 0, mb: 1 }}
      labelPlacement="start"
      label={label}
      disabled={disabled}
      control={<Switch checked={settings[name]} onChange={(e) => set({ [name]: e.target.checked })} />}
    />
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'settings'])
  const [settings] = useSettings()
  const store = useSettingsStore()
  const titleId = useId()
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 380 } }, role: 'dialog', 'aria-labelledby': titleId } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', p: 3, gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id={titleId} variant="h6">
            {t('settings:title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('settings:subtitle')}
          </Typography>
        </Box>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <IconX size={20} />
        </IconButton>
      </Box>
      <Box sx={{ px: 3 }}>
        <Button variant="outlined" size="small" onClick={() => store.reset()}>
          {t('settings:reset')}
        </Button>
      </Box>
      <Divider sx={{ mt: 2 }} />
      <Section title={t('settings:theme')}>
        <Choice
          label={t('settings:theme')}
          name="theme"
          options={[
            { value: 'light', label: t('settings:light') },
            { value: 'dark', label: t('settings:dark') },
            { value: 'system', label: t('settings:system') },
          ]}
        />
        <Choice
          label={t('settings:skin')}
          name="skin"
          options={[
            { value: 'default', label: t('settings:skinDefault') },
            { value: 'bordered', label: t('settings:skinBordered') },
          ]}
        />
        <Toggle label={t('settings:semiDark')} name="isVerticalNavSemiDark" disabled={settings.layoutNav === 'horizontal'} />
      </Section>
      <Divider />
      <Section title={t('settings:layout')}>
        <Choice
          label={t('settings:layout')}
          name="layoutNav"
          options={[
            { value: 'vertical', label: t('settings:vertical') },
            { value: 'horizontal', label: t('settings:horizontal') },
          ]}
        />
        <Toggle label={t('settings:collapsed')} name="isVerticalNavCollapsed" disabled={settings.layoutNav === 'horizontal'} />
        <Choice
          label={t('settings:contentWidth')}
          name="contentWidth"
          options={[
            { value: 'boxed', label: t('settings:boxed') },
            { value: 'fluid', label: t('settings:fluid') },
          ]}
        />
        <Choice
          label={t('settings:navbarType')}
          name="navbarType"
          options={[
            { value: 'sticky', label: t('settings:sticky') },
            ...(settings.layoutNav === 'horizontal' ? [] : [{ value: 'hidden' as const, label: t('settings:hidden') }]),
          ]}
        />
        <Toggle label={t('settings:navbarBlur')} name="navbarBlur" />
      </Section>
    </Drawer>
  )
}

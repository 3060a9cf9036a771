import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import Grid from '@mui/material/Grid'
import Radio from '@mui/material/Radio'
import Typography from '@mui/material/Typography'
import { IconBuildingSkyscraper, IconCar, IconDeviceLaptop, IconHome, IconRocket, IconStar, IconUser } from '@tabler/icons-react'
import { useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoSection } from './demo-section'

/** A bordered tile that acts as a radio or checkbox; the whole tile is the label. */
function Tile({ selected, control, children }: { selected: boolean; control: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 2,
        height: '100%',
        cursor: 'pointer',
        borderRadius: 1.5,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        transition: 'border-color .15s',
      }}
    >
      {control}
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  )
}

const PLANS = [
  { key: 'basic', price: 0 },
  { key: 'pro', price: 9 },
  { key: 'business', price: 29 },
] as const
const CATEGORIES: { key: string; icon: ComponentType<{ size?: number }> }[] = [
  { key: 'homes', icon: IconHome },
  { key: 'offices', icon: IconBuildingSkyscraper },
  { key: 'cars', icon: IconCar },
  { key: 'electronics', icon: IconDeviceLaptop },
]
const ROLES = [
  { key: 'buyer', icon: IconUser },
  { key: 'seller', icon: IconStar },
  { key: 'agency', icon: IconRocket },
] as const

export function CustomInputDemos() {
  const { t } = useTranslation('demo-ui')
  const [plan, setPlan] = useState<string>('pro')
  const [cats, setCats] = useState<string[]>(['homes'])
  const [role, setRole] = useState<string>('buyer')
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12 }}>
        <DemoSection title={t('forms.custom.radios')}>
          <Grid container spacing={2} role="radiogroup" aria-label={t('forms.custom.plan')}>
            {PLANS.map((p) => (
              <Grid key={p.key} size={{ xs: 12, sm: 4 }}>
                <Tile selected={plan === p.key} control={<Radio checked={plan === p.key} onChange={() => setPlan(p.key)} value={p.key} name="plan" />}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`forms.custom.plans.${p.key}.title`)}</Typography>
                    <Typography color="primary">{p.price ? t('forms.custom.perMonth', { price: p.price }) : t('forms.custom.free')}</Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {t(`forms.custom.plans.${p.key}.text`)}
                  </Typography>
                </Tile>
              </Grid>
            ))}
          </Grid>
        </DemoSection>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <DemoSection title={t('forms.custom.checkboxes')} subheader={t('forms.custom.selectedCount', { count: cats.length })}>
          <Grid container spacing={2}>
            {CATEGORIES.map((c) => {
              const on = cats.includes(c.key)
              return (
                <Grid key={c.key} size={{ xs: 6, md: 3 }}>
                  <Tile selected={on} control={<Checkbox checked={on} onChange={(e) => setCats((s) => (e.target.checked ? [...s, c.key] : s.filter((x) => x !== c.key)))} />}>
                    <c.icon size={28} />
                    <Typography sx={{ fontWeight: 600 }}>{t(`forms.custom.categories.${c.key}`)}</Typography>
                  </Tile>
                </Grid>
              )
            })}
          </Grid>
        </DemoSection>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <DemoSection title={t('forms.custom.iconRadios')}>
          <Grid container spacing={2} role="radiogroup" aria-label={t('forms.custom.role')}>
            {ROLES.map((r) => (
              <Grid key={r.key} size={{ xs: 12, sm: 4 }}>
                <Tile selected={role === r.key} control={<Radio checked={role === r.key} onChange={() => setRole(r.key)} value={r.key} name="role" />}>
                  <r.icon size={28} />
                  <Typography sx={{ fontWeight: 600 }}>{t(`forms.custom.roles.${r.key}.title`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`forms.custom.roles.${r.key}.text`)}
                  </Typography>
                </Tile>
              </Grid>
            ))}
          </Grid>
        </DemoSection>
      </Grid>
    </Grid>
  )
}

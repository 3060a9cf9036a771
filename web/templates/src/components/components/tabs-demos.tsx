import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { IconBell, IconLock, IconUser } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const SECTIONS = ['overview', 'details', 'reviews'] as const
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const

function Panel({ id, value, index, children }: { id: string; value: number; index: number; children: ReactNode }) {
  return (
    <Box role="tabpanel" hidden={value !== index} id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} sx={{ pt: 2 }}>
      {value === index && children}
    </Box>
  )
}

export function TabsDemos() {
  const { t } = useTranslation('demo-ui')
  const [basic, setBasic] = useState(0)
  const [vertical, setVertical] = useState(0)
  const [month, setMonth] = useState(0)
  const [icon, setIcon] = useState(0)
  const tabProps = (id: string, i: number) => ({ id: `${id}-tab-${i}`, 'aria-controls': `${id}-panel-${i}` })
  return (
    <DemoGrid>
      <DemoSection title={t('components.tabs.basic')}>
        <Tabs value={basic} onChange={(_, v: number) => setBasic(v)} aria-label={t('components.tabs.basic')}>
          {SECTIONS.map((s, i) => (
            <Tab key={s} label={t(`components.tabs.sections.${s}`)} {...tabProps('basic', i)} />
          ))}
        </Tabs>
        {SECTIONS.map((s, i) => (
          <Panel key={s} id="basic" value={basic} index={i}>
            <Typography>{t(`components.tabs.content.${s}`)}</Typography>
          </Panel>
        ))}
      </DemoSection>
      <DemoSection title={t('components.tabs.vertical')}>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Tabs orientation="vertical" value={vertical} onChange={(_, v: number) => setVertical(v)} aria-label={t('components.tabs.vertical')} sx={{ borderInlineEnd: 1, borderColor: 'divider', flexShrink: 0 }}>
            {SECTIONS.map((s, i) => (
              <Tab key={s} label={t(`components.tabs.sections.${s}`)} {...tabProps('vert', i)} />
            ))}
          </Tabs>
          {SECTIONS.map((s, i) => (
            <Panel key={s} id="vert" value={vertical} index={i}>
              <Typography>{t(`components.tabs.content.${s}`)}</Typography>
            </Panel>
          ))}
        </Box>
      </DemoSection>
      <DemoSection title={t('components.tabs.scrollable')}>
        <Tabs value={month} onChange={(_, v: number) => setMonth(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('components.tabs.scrollable')}>
          {MONTHS.map((m, i) => (
            <Tab key={m} label={t(`common.months.${m}`)} {...tabProps('month', i)} />
          ))}
        </Tabs>
        <Typography sx={{ pt: 2 }} role="status">
          {t('components.tabs.selectedMonth', { month: t(`common.months.${MONTHS[month] ?? 'jan'}`) })}
        </Typography>
      </DemoSection>
      <DemoSection title={t('components.tabs.icons')}>
        <Tabs value={icon} onChange={(_, v: number) => setIcon(v)} aria-label={t('components.tabs.icons')} variant="fullWidth">
          <Tab icon={<IconUser size={20} />} iconPosition="start" label={t('components.tabs.account')} {...tabProps('icon', 0)} />
          <Tab icon={<IconLock size={20} />} iconPosition="start" label={t('components.tabs.security')} {...tabProps('icon', 1)} />
          <Tab icon={<IconBell size={20} />} iconPosition="start" label={t('components.tabs.alerts')} {...tabProps('icon', 2)} />
        </Tabs>
        {(['account', 'security', 'alerts'] as const).map((k, i) => (
          <Panel key={k} id="icon" value={icon} index={i}>
            <Typography>{t(`components.tabs.content.${k}`)}</Typography>
          </Panel>
        ))}
      </DemoSection>
    </DemoGrid>
  )
}

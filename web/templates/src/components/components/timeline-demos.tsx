import Timeline from '@mui/lab/Timeline'
import TimelineConnector from '@mui/lab/TimelineConnector'
import TimelineContent from '@mui/lab/TimelineContent'
import TimelineDot from '@mui/lab/TimelineDot'
import TimelineItem, { timelineItemClasses } from '@mui/lab/TimelineItem'
import TimelineOppositeContent from '@mui/lab/TimelineOppositeContent'
import TimelineSeparator from '@mui/lab/TimelineSeparator'
import Typography from '@mui/material/Typography'
import { IconCheck, IconPackage, IconTruck, IconHome } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const EVENTS = [
  { key: 'meeting', time: '09:30', color: 'primary' },
  { key: 'invoice', time: '11:00', color: 'success' },
  { key: 'review', time: '14:15', color: 'warning' },
  { key: 'release', time: '17:45', color: 'error' },
] as const
const SHIPMENT = [
  { key: 'ordered', icon: IconCheck, date: '12 Nov' },
  { key: 'packed', icon: IconPackage, date: '13 Nov' },
  { key: 'shipped', icon: IconTruck, date: '14 Nov' },
  { key: 'delivered', icon: IconHome, date: '16 Nov' },
] as const

export function TimelineDemos() {
  const { t } = useTranslation('demo-ui')
  return (
    <DemoGrid>
      <DemoSection title={t('components.timeline.activity')}>
        {/* Doubled class: the item's own ::before rule comes later in the sheet with equal weight. */}
        <Timeline sx={{ p: 0, [`&& .${timelineItemClasses.root}::before`]: { flex: 0, p: 0 } }}>
          {EVENTS.map((e, i) => (
            <TimelineItem key={e.key}>
              <TimelineSeparator>
                <TimelineDot color={e.color} />
                {i < EVENTS.length - 1 && <TimelineConnector />}
              </TimelineSeparator>
              <TimelineContent>
                <Typography sx={{ fontWeight: 600 }}>{t(`components.timeline.events.${e.key}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`components.timeline.events.${e.key}.text`)}
                </Typography>
                <Typography variant="caption" color="text.disabled">
                  {e.time}
                </Typography>
              </TimelineContent>
            </TimelineItem>
          ))}
        </Timeline>
      </DemoSection>
      <DemoSection title={t('components.timeline.shipment')}>
        <Timeline position="alternate">
          {SHIPMENT.map((s, i) => (
            <TimelineItem key={s.key}>
              <TimelineOppositeContent color="text.secondary">{s.date}</TimelineOppositeContent>
              <TimelineSeparator>
                <TimelineDot color={i < 3 ? 'primary' : 'grey'} variant={i < 3 ? 'filled' : 'outlined'}>
                  <s.icon size={16} aria-hidden />
                </TimelineDot>
                {i < SHIPMENT.length - 1 && <TimelineConnector />}
              </TimelineSeparator>
              <TimelineContent>{t(`components.timeline.steps.${s.key}`)}</TimelineContent>
            </TimelineItem>
          ))}
        </Timeline>
      </DemoSection>
    </DemoGrid>
  )
}

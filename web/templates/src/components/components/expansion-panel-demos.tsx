import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Typography from '@mui/material/Typography'
import { IconChevronDown } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const PANELS = ['shipping', 'returns', 'payment', 'warranty'] as const

export function ExpansionPanelDemos() {
  const { t } = useTranslation('demo-ui')
  const [expanded, setExpanded] = useState<string | false>('shipping')
  return (
    <DemoGrid>
      <DemoSection title={t('components.expansion.accordion')} subheader={t('components.expansion.accordionHint')}>
        {PANELS.map((p) => (
          <Accordion key={p} expanded={expanded === p} onChange={(_, open) => setExpanded(open ? p : false)}>
            <AccordionSummary expandIcon={<IconChevronDown size={18} />} aria-controls={`${p}-content`} id={`${p}-header`}>
              <Typography component="span">{t(`components.expansion.${p}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{t(`components.expansion.${p}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </DemoSection>
      <DemoSection title={t('components.expansion.independent')}>
        {PANELS.slice(0, 3).map((p, i) => (
          <Accordion key={p} defaultExpanded={i === 0} disabled={i === 2}>
            <AccordionSummary expandIcon={<IconChevronDown size={18} />} aria-controls={`${p}-c2`} id={`${p}-h2`}>
              <Typography component="span">{t(`components.expansion.${p}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{t(`components.expansion.${p}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </DemoSection>
    </DemoGrid>
  )
}

import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import InputAdornment from '@mui/material/InputAdornment'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

const TOPICS = { payment: ['methods', 'when', 'refund'], delivery: ['time', 'cost', 'track'], account: ['delete', 'email', 'verify'] } as const
type Topic = keyof typeof TOPICS

export function FaqDemo() {
  const { t } = useTranslation('demo-ui')
  const [topic, setTopic] = useState<Topic>('payment')
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  // With a query, search every topic; otherwise show the selected one.
  const items = (Object.keys(TOPICS) as Topic[])
    .filter((tp) => q || tp === topic)
    .flatMap((tp) => TOPICS[tp].map((k) => ({ id: `${tp}.${k}`, q: t(`faq.items.${tp}.${k}.q`), a: t(`faq.items.${tp}.${k}.a`) })))
    .filter((it) => !q || `${it.q} ${it.a}`.toLowerCase().includes(q))
  return (
    <>
      <Card sx={{ mb: 3, background: (th) => `linear-gradient(135deg, ${th.palette.primary.main}22, ${th.palette.info.main}22)` }}>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('faq.hero')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('faq.heroText')}
          </Typography>
          <TextField
            type="search"
            label={t('faq.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            sx={{ width: '100%', maxWidth: 480, bgcolor: 'background.paper' }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><IconSearch size={18} /></InputAdornment> } }}
          />
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
        {!q && (
          <Tabs orientation="vertical" value={topic} onChange={(_, v: Topic) => setTopic(v)} aria-label={t('faq.topics')} sx={{ minWidth: 200, display: { xs: 'none', md: 'flex' } }}>
            {(Object.keys(TOPICS) as Topic[]).map((tp) => (
              <Tab key={tp} value={tp} label={t(`faq.topicNames.${tp}`)} sx={{ alignItems: 'flex-start' }} />
            ))}
          </Tabs>
        )}
        {!q && (
          <Tabs value={topic} onChange={(_, v: Topic) => setTopic(v)} aria-label={t('faq.topics')} variant="scrollable" sx={{ display: { md: 'none' } }}>
            {(Object.keys(TOPICS) as Topic[]).map((tp) => (
              <Tab key={tp} value={tp} label={t(`faq.topicNames.${tp}`)} />
            ))}
          </Tabs>
        )}
        <Box sx={{ flex: 1 }}>
          {items.length === 0 ? (
            <Typography role="status">{t('faq.noResults', { query })}</Typography>
          ) : (
            items.map((it) => (
              <Accordion key={it.id}>
                <AccordionSummary expandIcon={<IconChevronDown size={18} />}>
                  <Typography component="span">{it.q}</Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography color="text.secondary">{it.a}</Typography>
                </AccordionDetails>
              </Accordion>
            ))
          )}
        </Box>
      </Box>
    </>
  )
}

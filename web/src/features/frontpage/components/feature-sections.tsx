import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { IconCalendarEvent, IconGift, IconSparkles } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

function Panel({ id, icon, title, text, action }: { id: string; icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Box sx={{ color: 'primary.main' }}>{icon}</Box>
        <Typography id={id} variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {text}
        </Typography>
        {action}
      </CardContent>
    </Card>
  )
}

/** The AI call to action, the free trial offer and, for some sites, the developer meetup. */
export function FeatureSections({ meetup, signedIn }: { meetup: boolean; signedIn: boolean }) {
  const { t } = useTranslation(['shell', 'frontpage'])
  const start = signedIn ? '/add-new' : '/register'
  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: meetup ? 4 : 6 }}>
          <Panel
            id="ai-title"
            icon={<IconSparkles size={36} aria-hidden />}
            title={t('frontpage:aiTitle')}
            text={t('frontpage:aiText')}
            action={
              <Button variant="contained" component={Link} to={start} sx={{ alignSelf: 'flex-start' }}>
                {t('frontpage:aiCta')}
              </Button>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: meetup ? 4 : 6 }}>
          <Panel
            id="trial-title"
            icon={<IconGift size={36} aria-hidden />}
            title={t('frontpage:trialTitle')}
            text={t('frontpage:trialText')}
            action={
              <Button variant="outlined" component={Link} to={start} sx={{ alignSelf: 'flex-start' }}>
                {t('frontpage:trialCta')}
              </Button>
            }
          />
        </Grid>
        {meetup && (
          <Grid size={{ xs: 12, md: 4 }}>
            <Panel id="meetup-title" icon={<IconCalendarEvent size={36} aria-hidden />} title={t('frontpage:meetupTitle')} text={t('frontpage:meetupText')} />
          </Grid>
        )}
      </Grid>
    </Container>
  )
}

import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { IconBell, IconPlayerPlay, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Joyride, STATUS, type EventData, type Step } from 'react-joyride'
import { useTranslation } from 'react-i18next'
import { cspNonce } from '@/lib/csp-nonce'

type Outcome = 'none' | 'finished' | 'skipped'

export function TourDemo() {
  const { t } = useTranslation('demo-ui')
  const theme = useTheme()
  const [run, setRun] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>('none')
  const [step, setStep] = useState(0)

  const steps: Step[] = (['search', 'create', 'alerts', 'profile'] as const).map((k) => ({
    target: `[data-tour="${k}"]`,
    title: t(`extensions.tour.steps.${k}.title`),
    content: t(`extensions.tour.steps.${k}.text`),
    skipBeacon: true,
  }))

  const onEvent = (data: EventData) => {
    setStep(data.index)
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      setRun(false)
      setOutcome(data.status === STATUS.FINISHED ? 'finished' : 'skipped')
    }
  }

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="h6" component="h2">
                {t('extensions.tour.intro')}
              </Typography>
              <Typography role="status" color="text.secondary">
                {run ? t('extensions.tour.progress', { step: step + 1, total: steps.length }) : t(`extensions.tour.outcome.${outcome}`)}
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<IconPlayerPlay size={18} />}
              onClick={() => {
                setOutcome('none')
                setRun(true)
              }}
              disabled={run}
            >
              {t('extensions.tour.start')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Grid container spacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField data-tour="search" fullWidth size="small" label={t('extensions.tour.searchLabel')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: { md: 'flex-end' }, alignItems: 'center' }}>
                <Button data-tour="create" variant="outlined" startIcon={<IconPlus size={18} />}>
                  {t('extensions.tour.newListing')}
                </Button>
                <Button data-tour="alerts" variant="text" aria-label={t('extensions.tour.alerts')}>
                  <IconBell />
                </Button>
                <Avatar data-tour="profile" alt="Amelia Clarke">
                  AC
                </Avatar>
              </Stack>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Joyride
        nonce={cspNonce}
        steps={steps}
        run={run}
        continuous
        onEvent={onEvent}
        options={{ primaryColor: theme.palette.primary.main, showProgress: true, buttons: ['back', 'skip', 'primary'] }}
        locale={{ back: t('common.previous'), next: t('common.next'), last: t('extensions.tour.finish'), skip: t('extensions.tour.skip'), close: t('common.close'), nextWithProgress: t('extensions.tour.nextWithProgress') }}
      />
    </Stack>
  )
}

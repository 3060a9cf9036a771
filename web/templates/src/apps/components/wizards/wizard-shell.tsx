import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import { useTheme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { FormEvent, ReactNode } from 'react'
import { useDemoT } from '../../hooks/use-demo-t'
import { panelBorder } from '../borders'

export interface WizardStep {
  key: string
  title: string
  subtitle?: string
}

/**
 * Stepper chrome shared by the wizards. The caller validates the current step
 * in `onNext` and only then advances `active`.
 */
export function WizardShell(props: {
  title: string
  steps: WizardStep[]
  active: number
  onBack: () => void
  onNext: () => void
  finishLabel: string
  done?: ReactNode
  children: ReactNode
}) {
  const { t } = useDemoT()
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'))
  const last = props.active === props.steps.length - 1
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onNext()
  }
  return (
    <Card>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
        <Box sx={(theme) => ({ ...panelBorder(theme), p: 4, minWidth: { md: 260 } })}>
          <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
            {props.title}
          </Typography>
          <Stepper activeStep={props.active} orientation={wide ? 'vertical' : 'horizontal'} alternativeLabel={!wide} aria-label={props.title}>
            {props.steps.map((s) => (
              <Step key={s.key}>
                <StepLabel optional={wide && s.subtitle ? <Typography variant="caption">{s.subtitle}</Typography> : undefined}>{wide ? s.title : <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{s.title}</Box>}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </Box>
        <CardContent component="form" noValidate onSubmit={submit} sx={{ flex: 1, p: 4, minWidth: 0 }}>
          {props.done ?? (
            <>
              <Typography variant="h6" component="h2">
                {props.steps[props.active]?.title}
              </Typography>
              {props.steps[props.active]?.subtitle && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                  {props.steps[props.active]?.subtitle}
                </Typography>
              )}
              {props.children}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
                <Button variant="outlined" color="secondary" disabled={props.active === 0} onClick={props.onBack}>
                  {t('common.previous')}
                </Button>
                <Button type="submit" variant="contained" color={last ? 'success' : 'primary'}>
                  {last ? props.finishLabel : t('common.next')}
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Box>
    </Card>
  )
}

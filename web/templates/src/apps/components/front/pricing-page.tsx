import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Container from '@mui/material/Container'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { FrontShell } from './front-shell'

export const PLANS = [
  { key: 'basic', monthly: 0, features: 3 },
  { key: 'standard', monthly: 19, features: 5 },
  { key: 'enterprise', monthly: 59, features: 7 },
] as const
export type PlanKey = (typeof PLANS)[number]['key']

const ROWS = ['listings', 'videoCalls', 'languages', 'analytics', 'support', 'customDomain', 'api'] as const
// Feature availability per plan, in ROWS order.
const MATRIX: Record<PlanKey, boolean[]> = {
  basic: [true, true, true, false, false, false, false],
  standard: [true, true, true, true, true, false, false],
  enterprise: [true, true, true, true, true, true, true],
}

/** Yearly billing gives two months free. */
export function planPrice(monthly: number, yearly: boolean): number {
  return yearly ? Math.round(((monthly * 10) / 12) * 100) / 100 : monthly
}

export function PricingPage() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [yearly, setYearly] = useState(false)
  return (
    <FrontShell>
      <Container maxWidth="lg" sx={{ py: 8 }}>
        <Box sx={{ textAlign: 'center', mb: 6 }}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
            {t('front.pricing.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ my: 2 }}>
            {t('front.pricing.subtitle')}
          </Typography>
          <FormControlLabel control={<Switch checked={yearly} onChange={(e) => setYearly(e.target.checked)} />} label={t('front.pricing.yearly')} />
          {yearly && <Chip size="small" color="success" label={t('front.pricing.save')} />}
        </Box>
        <Grid container spacing={4} sx={{ mb: 8 }}>
          {PLANS.map((p) => (
            <Grid key={p.key} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', borderColor: p.key === 'standard' ? 'primary.main' : undefined, borderWidth: p.key === 'standard' ? 2 : 1 }}>
                <CardContent sx={{ display: 'grid', gap: 2 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="h5" component="h2">
                      {t(`front.plan.${p.key}`)}
                    </Typography>
                    {p.key === 'standard' && <Chip size="small" color="primary" label={t('front.pricing.popular')} />}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {t(`front.planText.${p.key}`)}
                  </Typography>
                  <Typography variant="h3" component="p" data-testid={`price-${p.key}`}>
                    {f.money(planPrice(p.monthly, yearly))}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      {t('front.pricing.perMonth')}
                    </Typography>
                  </Typography>
                  {yearly && p.monthly > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('front.pricing.billedYearly', { total: f.money(p.monthly * 10) })}
                    </Typography>
                  )}
                  <List dense>
                    {ROWS.slice(0, p.features).map((r) => (
                      <ListItem key={r} disableGutters>
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          <IconCheck size={18} aria-hidden />
                        </ListItemIcon>
                        <ListItemText primary={t(`front.feature.${r}`)} />
                      </ListItem>
                    ))}
                  </List>
                  <Button component={Link} to={`/front-pages/payment?plan=${p.key}&billing=${yearly ? 'yearly' : 'monthly'}`} variant={p.key === 'standard' ? 'contained' : 'outlined'}>
                    {p.monthly === 0 ? t('front.pricing.startFree') : t('front.pricing.choose')}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Typography variant="h4" component="h2" sx={{ textAlign: 'center', mb: 3 }}>
          {t('front.pricing.compare')}
        </Typography>
        <TableContainer component={Card} variant="outlined">
          <Table aria-label={t('front.pricing.compare')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('front.pricing.feature')}</TableCell>
                {PLANS.map((p) => (
                  <TableCell key={p.key} align="center">
                    {t(`front.plan.${p.key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {ROWS.map((r, i) => (
                <TableRow key={r}>
                  <TableCell>{t(`front.feature.${r}`)}</TableCell>
                  {PLANS.map((p) => (
                    <TableCell key={p.key} align="center">
                      {MATRIX[p.key][i] ? <IconCheck size={18} aria-label={t('common.yes')} /> : <IconX size={18} aria-label={t('common.no')} />}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Container>
    </FrontShell>
  )
}

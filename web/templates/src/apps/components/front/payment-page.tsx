import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Divider from '@mui/material/Divider'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { COUNTRIES } from '../../data/people'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { CardFields, validateCard, type CardErrors, type CardValues } from '../wizards/card-fields'
import { FrontShell } from './front-shell'
import { planPrice, PLANS, type PlanKey } from './pricing-page'

export function PaymentPage() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [params] = useSearchParams()
  const plan = PLANS.find((p) => p.key === (params.get('plan') as PlanKey)) ?? PLANS[1]
  const yearly = params.get('billing') === 'yearly'
  const [card, setCard] = useState<CardValues>({ number: '', name: '', expiry: '', cvv: '' })
  const [errors, setErrors] = useState<CardErrors>({})
  const [billing, setBilling] = useState({ country: 'US', zip: '' })
  const [zipError, setZipError] = useState<string | null>(null)
  const [paid, setPaid] = useState(false)
  const amount = yearly ? plan.monthly * 10 : plan.monthly
  const tax = amount * 0.2
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next = validateCard(card)
    setErrors(next)
    const zipBad = !/^[A-Za-z0-9 -]{3,10}$/.test(billing.zip)
    setZipError(zipBad ? t('validation.zip') : null)
    if (Object.keys(next).length === 0 && !zipBad) setPaid(true)
  }
  return (
    <FrontShell>
      <Container maxWidth="lg" sx={{ py: 8 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('pay.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('pay.subtitle')}
        </Typography>
        {paid ? (
          <Alert severity="success" action={<Button component={Link} to="/front-pages/landing-page">{t('front.nav.home')}</Button>}>
            {t('pay.success', { plan: t(`front.plan.${plan.key}`), total: f.money(amount + tax) })}
          </Alert>
        ) : (
          <Grid container spacing={4} component="form" noValidate onSubmit={submit}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Card>
                <CardContent sx={{ display: 'grid', gap: 3 }}>
                  <Typography variant="h6" component="h2">
                    {t('pay.cardDetails')}
                  </Typography>
                  <CardFields value={card} errors={errors} onChange={setCard} />
                  <Typography variant="h6" component="h2">
                    {t('pay.billingAddress')}
                  </Typography>
                  <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <TextField select label={t('common.country')} value={billing.country} onChange={(e) => setBilling({ ...billing, country: e.target.value })}>
                      {COUNTRIES.map((c) => (
                        <MenuItem key={c} value={c}>
                          {f.region(c)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField label={t('prop.zip')} value={billing.zip} onChange={(e) => setBilling({ ...billing, zip: e.target.value })} error={!!zipError} helperText={zipError} autoComplete="postal-code" />
                  </Box>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Card>
                <CardContent sx={{ display: 'grid', gap: 2 }}>
                  <Typography variant="h6" component="h2">
                    {t('pay.orderSummary')}
                  </Typography>
                  <Typography>
                    {t(`front.plan.${plan.key}`)} · {yearly ? t('pay.yearly') : t('pay.monthly')}
                  </Typography>
                  <Typography variant="h4" component="p">
                    {f.money(planPrice(plan.monthly, yearly))}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      {t('front.pricing.perMonth')}
                    </Typography>
                  </Typography>
                  <Divider />
                  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <Typography variant="body2">{t('common.subtotal')}</Typography>
                    <Typography variant="body2">{f.money(amount)}</Typography>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <Typography variant="body2">{t('common.tax')}</Typography>
                    <Typography variant="body2">{f.money(tax)}</Typography>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
                    <Typography sx={{ fontWeight: 700 }}>{f.money(amount + tax)}</Typography>
                  </Box>
                  <Button type="submit" variant="contained" color="success" size="large">
                    {t('pay.proceed')}
                  </Button>
                  <Button component={Link} to="/front-pages/pricing" size="small">
                    {t('pay.changePlan')}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        )}
      </Container>
    </FrontShell>
  )
}

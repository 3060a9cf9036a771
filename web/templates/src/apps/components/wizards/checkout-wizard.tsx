import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { COUPONS, initialCart, savedAddresses, type CartItem } from '../../data/checkout'
import { ProductThumb } from '../ecommerce/product-thumb'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { CardFields, validateCard, type CardErrors, type CardValues } from './card-fields'
import { WizardShell } from './wizard-shell'

const SHIPPING = { standard: 0, express: 9.9 } as const

export function CheckoutWizard() {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [step, setStep] = useState(0)
  const [cart, setCart] = useState<CartItem[]>(initialCart)
  const [coupon, setCoupon] = useState('')
  const [applied, setApplied] = useState<string | null>(null)
  const [couponError, setCouponError] = useState<string | null>(null)
  const [address, setAddress] = useState<string>(savedAddresses[0].id)
  const [shipping, setShipping] = useState<keyof typeof SHIPPING>('standard')
  const [method, setMethod] = useState<'card' | 'cod'>('card')
  const [card, setCard] = useState<CardValues>({ number: '', name: '', expiry: '', cvv: '' })
  const [cardErrors, setCardErrors] = useState<CardErrors>({})
  const [stepError, setStepError] = useState<string | null>(null)
  const [orderNo, setOrderNo] = useState<number | null>(null)

  const subtotal = cart.reduce((s, i) => s + i.price * i.qty, 0)
  const discount = applied ? subtotal * (COUPONS[applied] ?? 0) : 0
  const total = subtotal - discount + SHIPPING[shipping]
  const steps = (['cart', 'address', 'payment', 'confirmation'] as const).map((k) => ({ key: k, title: t(`checkout.step.${k}`) }))
  const setQty = (id: number, qty: number) => setCart((c) => c.map((i) => (i.id === id ? { ...i, qty: Math.max(1, Math.min(9, qty)) } : i)))

  const next = () => {
    setStepError(null)
    if (step === 0 && cart.length === 0) return setStepError(t('checkout.emptyCart'))
    if (step === 2 && method === 'card') {
      const e = validateCard(card)
      setCardErrors(e)
      if (Object.keys(e).length) return
    }
    if (step === 3) return setOrderNo(1000 + Math.floor(subtotal * 7) % 9000)
    setStep(step + 1)
  }
  const applyCoupon = () => {
    const code = coupon.trim().toUpperCase()
    if (!(code in COUPONS)) return setCouponError(t('checkout.invalidCoupon'))
    setApplied(code)
    setCouponError(null)
  }
  const summary = (
    <Card variant="outlined" sx={{ mt: { xs: 3, lg: 0 } }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {t('checkout.priceDetails')}
        </Typography>
        <Line label={t('common.subtotal')} value={f.money(subtotal)} />
        <Line label={t('common.discount')} value={`− ${f.money(discount)}`} />
        <Line label={t('checkout.delivery')} value={SHIPPING[shipping] ? f.money(SHIPPING[shipping]) : t('checkout.free')} />
        <Divider />
        <Line label={t('common.total')} value={f.money(total)} strong />
      </CardContent>
    </Card>
  )

  return (
    <WizardShell
      title={t('checkout.title')}
      steps={steps}
      active={step}
      onBack={() => setStep(step - 1)}
      onNext={next}
      finishLabel={t('checkout.placeOrder')}
      done={
        orderNo !== null ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('checkout.thankYou')}
            </Typography>
            <Typography color="text.secondary">{t('checkout.orderPlaced', { id: orderNo, total: f.money(total) })}</Typography>
          </Box>
        ) : undefined
      }
    >
      {stepError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {stepError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Box>
          {step === 0 && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              {cart.map((i) => (
                <Card key={i.id} variant="outlined">
                  <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                    <ProductThumb name={i.name} size={56} />
                    <Box sx={{ flex: '1 1 160px' }}>
                      <Typography variant="subtitle2">{i.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t('checkout.soldBy', { seller: i.seller })}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      <IconButton size="small" aria-label={t('checkout.decrease', { name: i.name })} onClick={() => setQty(i.id, i.qty - 1)}>
                        <IconMinus size={16} />
                      </IconButton>
                      <Typography aria-live="polite" sx={{ minWidth: 24, textAlign: 'center' }}>
                        {i.qty}
                      </Typography>
                      <IconButton size="small" aria-label={t('checkout.increase', { name: i.name })} onClick={() => setQty(i.id, i.qty + 1)}>
                        <IconPlus size={16} />
                      </IconButton>
                    </Box>
                    <Typography sx={{ minWidth: 80, textAlign: 'end' }}>{f.money(i.price * i.qty)}</Typography>
                    <IconButton size="small" aria-label={t('common.deleteItem', { name: i.name })} onClick={() => setCart((c) => c.filter((x) => x.id !== i.id))}>
                      <IconTrash size={16} />
                    </IconButton>
                  </CardContent>
                </Card>
              ))}
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField size="small" label={t('checkout.coupon')} value={coupon} onChange={(e) => setCoupon(e.target.value)} error={!!couponError} helperText={couponError ?? (applied ? t('checkout.couponApplied', { code: applied }) : t('checkout.couponHint'))} />
                <Button variant="outlined" onClick={applyCoupon}>
                  {t('checkout.apply')}
                </Button>
              </Box>
            </Box>
          )}
          {step === 1 && (
            <>
              <RadioGroup value={address} onChange={(e) => setAddress(e.target.value)} aria-label={t('checkout.step.address')} sx={{ display: 'grid', gap: 2 }}>
                {savedAddresses.map((a) => (
                  <Card key={a.id} variant="outlined" sx={{ borderColor: address === a.id ? 'primary.main' : undefined }}>
                    <CardContent>
                      <FormControlLabel value={a.id} control={<Radio />} label={`${a.name} · ${t(`checkout.addr.${a.id}`)}`} />
                      <Typography variant="body2" color="text.secondary">
                        {a.line} · {a.phone}
                      </Typography>
                    </CardContent>
                  </Card>
                ))}
              </RadioGroup>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
                {t('checkout.shippingOptions')}
              </Typography>
              <RadioGroup value={shipping} onChange={(e) => setShipping(e.target.value as keyof typeof SHIPPING)} aria-label={t('checkout.shippingOptions')}>
                <FormControlLabel value="standard" control={<Radio />} label={`${t('checkout.standard')} · ${t('checkout.free')}`} />
                <FormControlLabel value="express" control={<Radio />} label={`${t('checkout.express')} · ${f.money(SHIPPING.express)}`} />
              </RadioGroup>
            </>
          )}
          {step === 2 && (
            <>
              <RadioGroup row value={method} onChange={(e) => setMethod(e.target.value as 'card' | 'cod')} aria-label={t('checkout.paymentMethod')} sx={{ mb: 3 }}>
                <FormControlLabel value="card" control={<Radio />} label={t('checkout.card')} />
                <FormControlLabel value="cod" control={<Radio />} label={t('checkout.cod')} />
              </RadioGroup>
              {method === 'card' ? <CardFields value={card} errors={cardErrors} onChange={setCard} /> : <Typography color="text.secondary">{t('checkout.codText')}</Typography>}
            </>
          )}
          {step === 3 && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="subtitle1" component="h3">
                {t('checkout.reviewOrder')}
              </Typography>
              {cart.map((i) => (
                <Typography key={i.id} variant="body2">
                  {i.qty} × {i.name} — {f.money(i.price * i.qty)}
                </Typography>
              ))}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {savedAddresses.find((a) => a.id === address)?.line}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {method === 'card' ? `${t('checkout.card')} •••• ${card.number.slice(-4)}` : t('checkout.cod')}
              </Typography>
            </Box>
          )}
        </Box>
        {summary}
      </Box>
    </WizardShell>
  )
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  )
}

import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconDeviceMobile, IconLanguage, IconLock, IconMessages, IconPhoto, IconVideo } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { initials, pick } from '../../data/people'
import { useDemoT } from '../../hooks/use-demo-t'
import { FrontShell } from './front-shell'

const FEATURES = [
  { key: 'listings', icon: IconPhoto },
  { key: 'video', icon: IconVideo },
  { key: 'messages', icon: IconMessages },
  { key: 'languages', icon: IconLanguage },
  { key: 'mobile', icon: IconDeviceMobile },
  { key: 'secure', icon: IconLock },
] as const

const TESTIMONIALS = [
  { name: 'Eugenia Moore', company: 'Bluepeak Outdoor', key: 't1', rating: 5 },
  { name: 'Tommy Haffman', company: 'Kiln & Co', key: 't2', rating: 5 },
  { name: 'Eugenia Moore', company: 'Northfold', key: 't3', rating: 4 },
] as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function ContactForm() {
  const { t } = useDemoT()
  const [v, setV] = useState({ name: '', email: '', message: '' })
  const [errors, setErrors] = useState<Partial<typeof v>>({})
  const [sent, setSent] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: Partial<typeof v> = {}
    if (v.name.trim().length < 2) next.name = t('validation.min2')
    if (!EMAIL.test(v.email)) next.email = t('validation.email')
    if (v.message.trim().length < 10) next.message = t('validation.min10')
    setErrors(next)
    if (Object.keys(next).length === 0) {
      setSent(true)
      setV({ name: '', email: '', message: '' })
    }
  }
  return (
    <Card component="form" noValidate onSubmit={submit}>
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        {sent && <Alert severity="success">{t('front.contact.thanks')}</Alert>}
        <TextField label={t('common.name')} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} error={!!errors.name} helperText={errors.name} />
        <TextField type="email" label={t('common.email')} value={v.email} onChange={(e) => setV({ ...v, email: e.target.value })} error={!!errors.email} helperText={errors.email} />
        <TextField multiline minRows={4} label={t('front.contact.message')} value={v.message} onChange={(e) => setV({ ...v, message: e.target.value })} error={!!errors.message} helperText={errors.message} />
        <Button type="submit" variant="contained" sx={{ justifySelf: 'start' }}>
          {t('front.contact.send')}
        </Button>
      </CardContent>
    </Card>
  )
}

export function LandingPage() {
  const { t } = useDemoT()
  const [slide, setSlide] = useState(0)
  const quote = pick(TESTIMONIALS, slide)
  return (
    <FrontShell>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Container maxWidth="md">
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
            {t('front.hero.title')}
          </Typography>
          <Typography sx={{ my: 3, opacity: 0.9 }}>{t('front.hero.text')}</Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={Link} to="/register" variant="contained" color="inherit" sx={{ color: 'primary.main' }}>
              {t('front.hero.cta')}
            </Button>
            <Button component={Link} to="/front-pages/pricing" variant="outlined" color="inherit">
              {t('front.hero.pricing')}
            </Button>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 8 }} component="section" aria-labelledby="features-title">
        <Typography id="features-title" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 6 }}>
          {t('front.features.title')}
        </Typography>
        <Grid container spacing={4}>
          {FEATURES.map(({ key, icon: Icon }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Box sx={{ textAlign: 'center', px: 2 }}>
                <Icon size={40} aria-hidden />
                <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                  {t(`front.features.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`front.features.${key}.text`)}
                </Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Container>
      <Box sx={{ bgcolor: 'action.hover', py: 8 }} component="section" aria-labelledby="reviews-title">
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography id="reviews-title" variant="h4" component="h2" sx={{ mb: 4 }}>
            {t('front.reviews.title')}
          </Typography>
          <Card aria-live="polite">
            <CardContent>
              <Rating value={quote.rating} readOnly aria-label={t('front.reviews.stars', { n: quote.rating })} />
              <Typography sx={{ my: 2 }}>“{t(`front.reviews.${quote.key}`)}”</Typography>
              <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', alignItems: 'center' }}>
                <Avatar>{initials(quote.name)}</Avatar>
                <Box sx={{ textAlign: 'start' }}>
                  <Typography variant="subtitle2">{quote.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {quote.company}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
          <Box dir="ltr" sx={{ display: 'flex', justifyContent: 'center', gap: 2, mt: 2 }}>
            <IconButton aria-label={t('front.reviews.previous')} onClick={() => setSlide((s) => (s + TESTIMONIALS.length - 1) % TESTIMONIALS.length)}>
              <IconChevronLeft />
            </IconButton>
            <IconButton aria-label={t('front.reviews.next')} onClick={() => setSlide((s) => (s + 1) % TESTIMONIALS.length)}>
              <IconChevronRight />
            </IconButton>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: 8 }} component="section" aria-labelledby="faq-title">
        <Typography id="faq-title" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 4 }}>
          {t('front.faq.title')}
        </Typography>
        {(['q1', 'q2', 'q3', 'q4'] as const).map((q) => (
          <Accordion key={q}>
            <AccordionSummary expandIcon={<IconChevronDown size={18} />}>
              <Typography>{t(`front.faq.${q}`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{t(`front.faq.${q}a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Container>
      <Container maxWidth="md" component="section" aria-labelledby="contact-title">
        <Typography id="contact-title" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 1 }}>
          {t('front.contact.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
          {t('front.contact.text')}
        </Typography>
        <ContactForm />
      </Container>
    </FrontShell>
  )
}

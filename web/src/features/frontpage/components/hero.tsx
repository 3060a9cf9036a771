import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DEFAULT_NS } from '@/lib/i18n'

export function Hero({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation(['shell', 'frontpage'])
  // Sites word their own hero. Where a site has no wording in the current
  // language, the product's wording in that language beats the site's in another.
  const own = (key: string): string | undefined => {
    const v: unknown = i18n.getResource(i18n.language, DEFAULT_NS, key)
    return typeof v === 'string' ? v : undefined
  }
  const title = own('site.hero.title') ?? t('frontpage:heroTitle')
  const subtitle = own('site.hero.subtitle') ?? t('frontpage:heroSubtitle')
  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ py: { xs: 6, md: 10 }, background: (th) => `linear-gradient(135deg, ${th.palette.primary.main}22, transparent 60%)` }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="hero-title" variant="h3" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: 32, md: 48 } }}>
          {title}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, fontWeight: 400 }}>
          {subtitle}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" size="large" href="#offers">
            {t('frontpage:browse')}
          </Button>
          <Button variant="outlined" size="large" component={Link} to={signedIn ? '/add-new' : '/register'}>
            {signedIn ? t('nav.addNew') : t('frontpage:getStarted')}
          </Button>
        </Stack>
      </Container>
    </Box>
  )
}

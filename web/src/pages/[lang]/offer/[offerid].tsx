import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconLogin2, IconVideo } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { loginHref } from '@/app/routing/guard'
import { Footer } from '@/components/footer'
import { FrontHeader } from '@/features/frontpage/components/front-header'
import { OfferView } from '@/features/listings/components/offer-view'
import { MessageSeller } from '@/features/messages/components/message-seller'
import { LanguageMenu } from '@/features/settings/components/language-menu'
import { ModeMenu } from '@/features/settings/components/mode-menu'
import type { PageMeta } from '@/lib/api-types'
import { useSession } from '@/lib/use-session'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function OfferPage() {
  const { t } = useTranslation(['shell', 'auth', 'listings'])
  const { offerid = '' } = useParams()
  const session = useSession()
  const location = useLocation()
  const back = location.pathname + location.search
  return (
    <>
      <FrontHeader
        signedIn={session !== null}
        tools={
          <>
            <LanguageMenu />
            <ModeMenu />
          </>
        }
      />
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, flexGrow: 1 }}>
        <OfferView
          offerId={offerid}
          actions={(listing) => {
            if (!session) {
              // The page people share most: the next step is one clear button.
              return (
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button component={Link} to={loginHref(back)} variant="contained" size="large" startIcon={<IconLogin2 size={20} />}>
                    {t('listings:offer.signInToContact')}
                  </Button>
                  <Typography variant="body2" color="text.secondary">
                    {t('listings:offer.noAccount')}{' '}
                    <Box component={Link} to={`/register?redirecturl=${encodeURIComponent(back)}`} sx={{ color: 'primary.main' }}>
                      {t('auth:createAccount')}
                    </Box>
                  </Typography>
                </Stack>
              )
            }
            if (listing.owner.id === session.userId) return <Alert severity="info">{t('listings:offer.ownOffer')}</Alert>
            return (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <MessageSeller sellerId={listing.owner.id} listingId={listing.id} />
                <Button component={Link} to={`/my-call?to=${encodeURIComponent(listing.owner.id)}&name=${encodeURIComponent(listing.owner.displayName)}&title=${encodeURIComponent(listing.productName)}&back=${encodeURIComponent(back)}`} variant="outlined" startIcon={<IconVideo size={18} />}>
                  {t('listings:offer.callSeller')}
                </Button>
              </Stack>
            )
          }}
        />
      </Container>
      <Footer />
    </>
  )
}

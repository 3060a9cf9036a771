import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import { IconArrowLeft, IconVideo } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { loginHref } from '@/app/routing/guard'
import { OfferView } from '@/features/listings/components/offer-view'
import { MessageSeller } from '@/features/messages/components/message-seller'
import type { PageMeta } from '@/lib/api-types'
import { useSession } from '@/lib/use-session'

export const meta: PageMeta = { layout: 'blank', public: true }

export default function OfferPage() {
  const { t } = useTranslation()
  const { offerid = '' } = useParams()
  const session = useSession()
  const location = useLocation()
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Box sx={{ mb: 2 }}>
        <Button component={Link} to="/" startIcon={<IconArrowLeft size={18} />} color="inherit">
          {t('common.home')}
        </Button>
      </Box>
      <OfferView
        offerId={offerid}
        actions={(listing) => {
          if (!session) {
            return (
              <Alert severity="info" action={<Button component={Link} to={loginHref(location.pathname + location.search)}>{t('common.login')}</Button>}>
                {t('offer.signInToContact')}
              </Alert>
            )
          }
          if (listing.owner.id === session.userId) return <Alert severity="info">{t('offer.ownOffer')}</Alert>
          return (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <MessageSeller sellerId={listing.owner.id} listingId={listing.id} />
              <Button component={Link} to={`/my-call?to=${encodeURIComponent(listing.owner.id)}`} variant="outlined" startIcon={<IconVideo size={18} />}>
                {t('offer.callSeller')}
              </Button>
            </Stack>
          )
        }}
      />
    </Container>
  )
}

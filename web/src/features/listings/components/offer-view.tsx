import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconPhoto } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@/lib/api-client'
import type { Listing } from '@/lib/api-types'
import { formatMoney } from '@/lib/format'
import { useOffer } from '../api/queries'

interface Props {
  offerId: string
  /** Contact actions, composed by the page so this feature stays independent of messaging and calls. */
  actions: (listing: Listing) => ReactNode
}

export function OfferView({ offerId, actions }: Props) {
  const { t, i18n } = useTranslation(['shell', 'listings'])
  const { data: listing, isPending, error } = useOffer(offerId)
  const [current, setCurrent] = useState(0)

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    )
  }
  if (error || !listing) {
    const notFound = error instanceof ApiError && error.status === 404
    return <Alert severity={notFound ? 'info' : 'error'}>{notFound ? t('listings:offer.notFound') : (error?.message ?? t('common.genericError'))}</Alert>
  }
  const image = listing.images[current]
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          {image ? (
            <Box component="img" src={image.url} alt={listing.productName} sx={{ width: '100%', maxHeight: 480, objectFit: 'contain', display: 'block', bgcolor: 'action.hover' }} />
          ) : (
            <Box sx={{ height: 280, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
              <IconPhoto size={56} aria-hidden />
            </Box>
          )}
          {listing.images.length > 1 && (
            <Stack direction="row" spacing={1} sx={{ p: 1, overflowX: 'auto' }}>
              {listing.images.map((img, i) => (
                <Box
                  key={img.id}
                  component="button"
                  type="button"
                  onClick={() => setCurrent(i)}
                  aria-label={`${listing.productName} ${i + 1}`}
                  aria-pressed={i === current}
                  sx={{ p: 0, border: 2, borderColor: i === current ? 'primary.main' : 'transparent', borderRadius: 1, cursor: 'pointer', bgcolor: 'transparent' }}
                >
                  <Box component="img" src={img.thumbnailUrl || img.url} alt="" sx={{ width: 72, height: 56, objectFit: 'cover', display: 'block' }} />
                </Box>
              ))}
            </Stack>
          )}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {listing.productName}
              </Typography>
              <Typography variant="h5" color="primary" component="p">
                {formatMoney(listing.price, i18n.language)}
              </Typography>
              <Typography color="text.secondary">{t('listings:offer.location', { location: listing.location })}</Typography>
              <Typography color="text.secondary">{t('listings:offer.duration', { n: listing.duration })}</Typography>
              <Typography color="text.secondary">{t('listings:offer.seller', { name: listing.owner.displayName })}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{listing.description}</Typography>
              <Box sx={{ pt: 1 }}>{actions(listing)}</Box>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  )
}

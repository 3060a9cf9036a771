import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import CardMedia from '@mui/material/CardMedia'
import Typography from '@mui/material/Typography'
import { IconPhoto } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Listing } from '@/lib/api-types'
import { formatMoney } from '@/lib/format'

export function ListingCard({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation()
  const image = listing.images[0]
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={`/${i18n.language}/offer/${encodeURIComponent(listing.id)}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {image ? (
          <CardMedia component="img" height="160" image={image.thumbnailUrl || image.url} alt={listing.productName} sx={{ objectFit: 'cover' }} />
        ) : (
          <CardMedia sx={{ height: 160, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
            <IconPhoto size={40} aria-hidden />
          </CardMedia>
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h3" noWrap title={listing.productName}>
            {listing.productName}
          </Typography>
          <Typography color="primary" sx={{ fontWeight: 600 }}>
            {formatMoney(listing.price, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {listing.location} · {t('common.durationDays', { n: listing.duration })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

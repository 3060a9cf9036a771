import Alert from '@mui/material/Alert'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '@/components/pager'
import { useOffers } from '../api/queries'
import { ListingCard } from './listing-card'

const PAGE_SIZE = 8

/** Public index of this site's offers, shown on the front page. */
export function OffersIndex() {
  const { t } = useTranslation(['shell', 'listings'])
  const [page, setPage] = useState(1)
  const { data, isFetching, error } = useOffers({ page, pageSize: PAGE_SIZE })
  return (
    <Container component="section" id="offers" aria-labelledby="offers-title" maxWidth="lg" sx={{ py: 6 }}>
      <Typography id="offers-title" variant="h4" component="h2" sx={{ mb: 3 }}>
        {t('listings:index.title')}
      </Typography>
      {isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && data.items.length === 0 && <Typography color="text.secondary">{t('listings:index.empty')}</Typography>}
      <Grid container spacing={2}>
        {data?.items.map((l) => (
          <Grid key={l.id} size={{ xs: 12, sm: 6, md: 3 }}>
            <ListingCard listing={l} />
          </Grid>
        ))}
      </Grid>
      {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />}
    </Container>
  )
}

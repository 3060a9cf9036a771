import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { Pager } from '@/components/pager'
import { SearchField } from '@/components/search-field'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useMyListings } from '../api/queries'
import { ListingCard } from './listing-card'

const PAGE_SIZE = 12

export function MyItems() {
  const { t } = useTranslation(['shell', 'listings'])
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const q = useDebouncedValue(search.trim())
  const { data, isPending, isFetching, error } = useMyListings({ q, page, pageSize: PAGE_SIZE })

  const create = (
    <Button component={Link} to="/add-new" variant="contained" startIcon={<IconPlus size={18} />}>
      {t('listings:items.create')}
    </Button>
  )

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {t('listings:items.title')}
        </Typography>
        {create}
      </Stack>
      <SearchField
        label={t('listings:items.searchLabel')}
        value={search}
        onChange={(v) => {
          setSearch(v)
          setPage(1)
        }}
      />
      {isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && data && data.items.length === 0 && (
        q ? (
          <EmptyState title={t('common.noResult')} />
        ) : (
          <EmptyState title={t('listings:items.empty')} text={t('listings:items.firstOne')}>
            {create}
            <Button component={Link} to="/my-messages" variant="outlined">
              {t('nav.myMessages')}
            </Button>
            <Button component={Link} to="/" variant="text">
              {t('common.home')}
            </Button>
          </EmptyState>
        )
      )}
      {data && data.items.length > 0 && (
        <Box>
          <Grid container spacing={2}>
            {data.items.map((l) => (
              <Grid key={l.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <ListingCard listing={l} />
              </Grid>
            ))}
          </Grid>
          <Pager page={data.page || page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} onChange={setPage} />
        </Box>
      )}
    </Stack>
  )
}

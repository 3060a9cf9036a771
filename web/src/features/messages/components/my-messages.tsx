import Alert from '@mui/material/Alert'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { Pager } from '@/components/pager'
import { SearchField } from '@/components/search-field'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useConversations } from '../api/queries'
import { ConversationView } from './conversation-view'

const PAGE_SIZE = 20

export function MyMessages() {
  const { t } = useTranslation(['shell', 'messages'])
  const [params, setParams] = useSearchParams()
  const selectedId = params.get('c')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const q = useDebouncedValue(search.trim())
  const { data, isPending, isFetching, error } = useConversations({ q, page, pageSize: PAGE_SIZE })
  const selected = data?.items.find((c) => c.id === selectedId) ?? null

  const select = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      if (id) next.set('c', id)
      else next.delete('c')
      return next
    })

  const noConversations = !isPending && data && data.items.length === 0 && !q
  if (noConversations) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('messages:title')}
        </Typography>
        <Card>
          <EmptyState title={t('messages:empty')} text={t('messages:firstOne')}>
            <Button component={Link} to="/add-new" variant="contained">
              {t('messages:createListing')}
            </Button>
            <Button component={Link} to="/" variant="outlined">
              {t('common.home')}
            </Button>
          </EmptyState>
        </Card>
      </Stack>
    )
  }

  return (
    <Stack spacing={2} sx={{ flexGrow: 1, minHeight: 0 }}>
      <Typography variant="h4" component="h1">
        {t('messages:title')}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Card sx={{ flexGrow: 1, minHeight: 420, display: 'flex', overflow: 'hidden' }}>
        <Box
          sx={{
            width: { xs: '100%', md: 340 },
            flexShrink: 0,
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
            display: { xs: selected ? 'none' : 'flex', md: 'flex' },
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          <Box sx={{ p: 1.5 }}>
            <SearchField
              label={t('messages:searchLabel')}
              value={search}
              onChange={(v) => {
                setSearch(v)
                setPage(1)
              }}
            />
          </Box>
          {isFetching && <LinearProgress aria-label={t('common.loading')} />}
          {data && data.items.length === 0 && <EmptyState title={t('common.noResult')} />}
          <List sx={{ overflowY: 'auto', flexGrow: 1 }} aria-label={t('messages:title')}>
            {data?.items.map((c) => (
              // Each conversation is a list item holding its button, so the list reads as one.
              <ListItem key={c.id} disablePadding>
                <ListItemButton selected={c.id === selectedId} onClick={() => select(c.id)} aria-current={c.id === selectedId ? 'true' : undefined}>
                  <ListItemText
                    primary={c.peer.displayName}
                    secondary={c.lastMessage?.body ?? c.listing?.productName ?? ''}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                  {c.unread > 0 && <Badge color="primary" badgeContent={c.unread} aria-label={t('messages:unread', { n: c.unread })} sx={{ mx: 1 }} />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: { xs: selected ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column' }}>
          {selected ? (
            <ConversationView key={selected.id} conversation={selected} onBack={() => select(null)} />
          ) : (
            <Box sx={{ m: 'auto', p: 3 }}>
              <Typography color="text.secondary">{t('messages:pick')}</Typography>
            </Box>
          )}
        </Box>
      </Card>
    </Stack>
  )
}

import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { IconTicket } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Sparkline } from './sparkline'
import { TitledCard } from './titled-card'
import { intlLocale } from '../../apps/hooks/use-demo-t'

export function CardWidgetsDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const theme = useTheme()
  const [todos, setTodos] = useState([
    { id: 1, text: 'Photograph the new flat', done: true },
    { id: 2, text: 'Reply to offer #381', done: false },
    { id: 3, text: 'Renew featured listing', done: false },
  ])
  const [draft, setDraft] = useState('')
  const add = (e: FormEvent) => {
    e.preventDefault()
    if (!draft.trim()) return
    setTodos((l) => [...l, { id: Date.now(), text: draft.trim(), done: false }])
    setDraft('')
  }
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TitledCard title={t('cards.widgets.earnings')} subheader={t('cards.widgets.weekly')}>
          <Typography variant="h4" component="p">
            {money.format(8420)}
          </Typography>
          <Typography color="success.main" sx={{ mb: 2 }}>
            {t('cards.widgets.vsLastWeek', { value: '+4.2%' })}
          </Typography>
          <Sparkline data={[12, 18, 14, 22, 19, 26, 31]} width={260} height={60} color={theme.palette.success.main} />
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TitledCard title={t('cards.widgets.support')} subheader={t('cards.widgets.last7')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Avatar variant="rounded" sx={{ bgcolor: 'primary.main' }}>
              <IconTicket />
            </Avatar>
            <Box>
              <Typography variant="h5" component="p">
                164
              </Typography>
              <Typography color="text.secondary">{t('cards.widgets.tickets')}</Typography>
            </Box>
          </Box>
          {([['open', 42], ['answered', 97], ['closed', 25]] as const).map(([k, v]) => (
            <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.75 }}>
              <Typography color="text.secondary">{t(`cards.widgets.ticketStates.${k}`)}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{v}</Typography>
            </Box>
          ))}
        </TitledCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <TitledCard title={t('cards.widgets.todo')} subheader={t('cards.widgets.todoLeft', { count: todos.filter((x) => !x.done).length })}>
          <List dense disablePadding>
            {todos.map((x) => (
              <ListItem key={x.id} disablePadding>
                <ListItemButton onClick={() => setTodos((l) => l.map((y) => (y.id === x.id ? { ...y, done: !y.done } : y)))} dense>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox edge="start" checked={x.done} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': `todo-${x.id}` } }} />
                  </ListItemIcon>
                  <ListItemText id={`todo-${x.id}`} primary={x.text} sx={x.done ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <TextField size="small" fullWidth label={t('cards.widgets.newTask')} value={draft} onChange={(e) => setDraft(e.target.value)} />
            <Button type="submit" variant="contained">
              {t('cards.widgets.add')}
            </Button>
          </Box>
        </TitledCard>
      </Grid>
    </Grid>
  )
}

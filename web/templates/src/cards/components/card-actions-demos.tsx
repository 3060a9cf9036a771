import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import CircularProgress from '@mui/material/CircularProgress'
import Collapse from '@mui/material/Collapse'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconChevronUp, IconDotsVertical, IconRefresh, IconX } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNumberFormat } from '../../kit/number-format'

const RATES = [4.12, 4.18, 4.09, 4.21, 4.15, 4.24]

export function CardActionsDemos() {
  const { t } = useTranslation('demo-ui')
  const nf = useNumberFormat()
  const [open, setOpen] = useState(true)
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)
  const [removed, setRemoved] = useState(false)
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  const [period, setPeriod] = useState<'day' | 'week' | 'month'>('week')

  useEffect(() => {
    if (!loading) return
    const id = setTimeout(() => {
      setLoading(false)
      setTick((n) => n + 1)
    }, 1000)
    return () => clearTimeout(id)
  }, [loading])

  const head = { slotProps: { title: { component: 'h2', variant: 'h6' } } } as const
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader
            {...head}
            title={t('cards.actions.collapsible')}
            action={
              <IconButton aria-label={open ? t('cards.actions.collapse') : t('cards.actions.expand')} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
                {open ? <IconChevronUp /> : <IconChevronDown />}
              </IconButton>
            }
          />
          <Collapse in={open}>
            <CardContent sx={{ pt: 0 }}>
              <Typography color="text.secondary">{t('cards.actions.collapsibleText')}</Typography>
            </CardContent>
          </Collapse>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ position: 'relative' }}>
          <CardHeader
            {...head}
            title={t('cards.actions.refresh')}
            subheader={t('cards.actions.rate')}
            action={
              <IconButton aria-label={t('cards.actions.reload')} onClick={() => setLoading(true)} disabled={loading}>
                <IconRefresh />
              </IconButton>
            }
          />
          <CardContent sx={{ pt: 0 }}>
            <Typography variant="h4" component="p" role="status">
              {nf.money(RATES[tick % RATES.length] ?? 0, 'PLN')}
            </Typography>
          </CardContent>
          {loading && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {removed ? (
          <Button variant="outlined" onClick={() => setRemoved(false)}>
            {t('cards.actions.restore')}
          </Button>
        ) : (
          <Card>
            <CardHeader
              {...head}
              title={t('cards.actions.removable')}
              action={
                <IconButton aria-label={t('cards.actions.remove')} onClick={() => setRemoved(true)}>
                  <IconX />
                </IconButton>
              }
            />
            <CardContent sx={{ pt: 0 }}>
              <Typography color="text.secondary">{t('cards.actions.removableText')}</Typography>
            </CardContent>
          </Card>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader
            {...head}
            title={t('cards.actions.withMenu')}
            subheader={t(`cards.actions.periods.${period}`)}
            action={
              <IconButton aria-label={t('cards.actions.choosePeriod')} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
                <IconDotsVertical />
              </IconButton>
            }
          />
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            {(['day', 'week', 'month'] as const).map((p) => (
              <MenuItem
                key={p}
                selected={p === period}
                onClick={() => {
                  setPeriod(p)
                  setMenu(null)
                }}
              >
                {t(`cards.actions.periods.${p}`)}
              </MenuItem>
            ))}
          </Menu>
          <CardContent sx={{ pt: 0 }}>
            <Typography variant="h4" component="p">
              {{ day: 38, week: 264, month: 1120 }[period]}
            </Typography>
            <Typography color="text.secondary">{t('cards.actions.newListings')}</Typography>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  )
}

import Avatar from '@mui/material/Avatar'
import AvatarGroup from '@mui/material/AvatarGroup'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { IconCalendar, IconMapPin, IconUserCheck, IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RouteTabs, useRouteTab } from './route-tabs'
import { useSession } from '@/lib/use-session'
import { useNumberFormat } from '../../kit/number-format'

const TABS = ['profile', 'teams', 'projects', 'connections'] as const
const PEOPLE = ['Bruno Costa', 'Chen Wei', 'Dalia Haddad', 'Emil Nowak', 'Fatima Rahman', 'Giulia Romano']
const TEAMS = [
  { name: 'Atlas Homes', members: 8, tags: ['sales', 'photos'] },
  { name: 'Borealis Cars', members: 5, tags: ['sales'] },
  { name: 'Calls & Care', members: 12, tags: ['support'] },
]
const PROJECTS = [
  { name: 'Spring campaign', progress: 72, lead: 'Chen Wei' },
  { name: 'New listing page', progress: 45, lead: 'Dalia Haddad' },
  { name: 'Seller onboarding', progress: 90, lead: 'Emil Nowak' },
  { name: 'Video call quality', progress: 28, lead: 'Fatima Rahman' },
]

function Header() {
  const { t } = useTranslation('demo-ui')
  // The profile is the signed-in person's; the demo name stands in only without a session.
  const name = useSession()?.user?.displayName?.trim() || 'Amelia Clarke'
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
  return (
    <Card sx={{ mb: 3 }}>
      <Box sx={{ height: 120, background: (th) => `linear-gradient(135deg, ${th.palette.primary.main}, ${th.palette.info.main})` }} />
      <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-end' }, mt: -6 }}>
        <Avatar variant="rounded" sx={{ width: 96, height: 96, fontSize: 32, border: 4, borderColor: 'background.paper' }}>
          {initials}
        </Avatar>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h2">
            {name}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ color: 'text.secondary', flexWrap: 'wrap' }}>
            <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
              <IconMapPin size={16} aria-hidden /> Lisbon
            </Box>
            <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
              <IconCalendar size={16} aria-hidden /> {t('profile.joined', { date: '2023' })}
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  )
}

function ProfileTab() {
  const { t } = useTranslation('demo-ui')
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card>
          <CardContent>
            <Typography variant="overline" color="text.secondary" component="h3">
              {t('profile.about')}
            </Typography>
            <List dense>
              {([['role', t('cards.basic.role')], ['country', 'Portugal'], ['language', 'English, Português']] as const).map(([k, v]) => (
                <ListItem key={k} disableGutters>
                  <ListItemText primary={v} secondary={k === 'role' ? t('profile.role') : t(`forms.fields.${k}`)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card>
          <CardContent>
            <Typography variant="overline" color="text.secondary" component="h3">
              {t('profile.activity')}
            </Typography>
            <List>
              {(['meeting', 'invoice', 'review', 'release'] as const).map((k) => (
                <ListItem key={k} disableGutters>
                  <ListItemText primary={t(`components.timeline.events.${k}.title`)} secondary={t(`components.timeline.events.${k}.text`)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  )
}

function TeamsTab() {
  const { t } = useTranslation('demo-ui')
  return (
    <Grid container spacing={3}>
      {TEAMS.map((team) => (
        <Grid key={team.name} size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3">
                {team.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('profile.members', { count: team.members })}
              </Typography>
              <AvatarGroup max={4} sx={{ justifyContent: 'flex-end', mb: 2 }}>
                {PEOPLE.slice(0, team.members > 6 ? 6 : team.members).map((p) => (
                  <Avatar key={p} alt={p}>
                    {p[0]}
                  </Avatar>
                ))}
              </AvatarGroup>
              <Stack direction="row" spacing={1}>
                {team.tags.map((tag) => (
                  <Chip key={tag} size="small" label={t(`profile.tags.${tag}`)} />
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}

function ProjectsTab() {
  const { t } = useTranslation('demo-ui')
  const nf = useNumberFormat()
  return (
    <Grid container spacing={3}>
      {PROJECTS.map((p) => (
        <Grid key={p.name} size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h3">
                {p.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('profile.lead', { name: p.lead })}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography variant="body2" id={`pr-${p.name}`}>
                  {t('profile.progress')}
                </Typography>
                <Typography variant="body2">{nf.percent(p.progress)}</Typography>
              </Box>
              <LinearProgress variant="determinate" value={p.progress} aria-labelledby={`pr-${p.name}`} sx={{ height: 8, borderRadius: 4 }} />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}

function ConnectionsTab() {
  const { t } = useTranslation('demo-ui')
  const [connected, setConnected] = useState<string[]>(['Chen Wei'])
  return (
    <Grid container spacing={3}>
      {PEOPLE.map((p) => {
        const on = connected.includes(p)
        return (
          <Grid key={p} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ textAlign: 'center' }}>
              <CardContent>
                <Avatar sx={{ width: 64, height: 64, mx: 'auto', mb: 1 }}>{p[0]}</Avatar>
                <Typography variant="h6" component="h3">
                  {p}
                </Typography>
                <Button
                  sx={{ mt: 1 }}
                  variant={on ? 'contained' : 'outlined'}
                  startIcon={on ? <IconUserCheck size={18} /> : <IconUserPlus size={18} />}
                  aria-pressed={on}
                  onClick={() => setConnected((c) => (on ? c.filter((x) => x !== p) : [...c, p]))}
                >
                  {on ? t('profile.connected') : t('profile.connect')}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        )
      })}
    </Grid>
  )
}

export function UserProfile() {
  const { t } = useTranslation('demo-ui')
  const tab = useRouteTab(TABS)
  return (
    <>
      <Header />
      <RouteTabs base="/pages/user-profile" tabs={TABS} value={tab} labelPrefix="profile.tabs" label={t('profile.title')} />
      {tab === 'profile' && <ProfileTab />}
      {tab === 'teams' && <TeamsTab />}
      {tab === 'projects' && <ProjectsTab />}
      {tab === 'connections' && <ConnectionsTab />}
    </>
  )
}

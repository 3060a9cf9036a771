import Timeline from '@mui/lab/Timeline'
import TimelineConnector from '@mui/lab/TimelineConnector'
import TimelineContent from '@mui/lab/TimelineContent'
import TimelineDot from '@mui/lab/TimelineDot'
import TimelineItem, { timelineItemClasses } from '@mui/lab/TimelineItem'
import TimelineSeparator from '@mui/lab/TimelineSeparator'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { initials } from '../../data/people'
import { users, type DemoUser, type PlanKey } from '../../data/users'
import { useDemoFormat, useDemoT } from '../../hooks/use-demo-t'
import { ConfirmDialog } from '../confirm-dialog'
import { NotFoundCard } from '../not-found-card'
import { USER_STATUS_COLOR } from './user-list'

type TabKey = 'account' | 'security' | 'billing' | 'notifications'
const PLAN_PRICE: Record<PlanKey, number> = { basic: 0, team: 29, company: 99, enterprise: 499 }

function EditUserDialog({ user, open, onClose, onSave }: { user: DemoUser; open: boolean; onClose: () => void; onSave: (u: DemoUser) => void }) {
  const { t } = useDemoT()
  const [draft, setDraft] = useState(user)
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({})
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: typeof errors = {}
    if (draft.name.trim().length < 3) next.name = t('validation.min3')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email)) next.email = t('validation.email')
    setErrors(next)
    if (Object.keys(next).length) return
    onSave(draft)
    onClose()
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{t('users.editUser')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}>
          <TextField label={t('users.field.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} error={!!errors.name} helperText={errors.name} />
          <TextField label={t('users.field.email')} value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} error={!!errors.email} helperText={errors.email} />
          <TextField label={t('users.field.contact')} value={draft.contact} onChange={(e) => setDraft({ ...draft, contact: e.target.value })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.saveChanges')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

function Billing({ plan, onChange }: { plan: PlanKey; onChange: (p: PlanKey) => void }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const [open, setOpen] = useState(false)
  const [choice, setChoice] = useState<PlanKey>(plan)
  return (
    <Card>
      <CardHeader title={t('users.currentPlan')} />
      <CardContent>
        <Typography variant="h6">{t(`users.planName.${plan}`)}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('users.perMonth', { price: f.money(PLAN_PRICE[plan]) })}
        </Typography>
        <LinearProgress variant="determinate" value={80} aria-label={t('users.daysUsed')} sx={{ mb: 1 }} />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('users.daysLeft', { n: 6 })}
        </Typography>
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('users.upgradePlan')}
        </Button>
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{t('users.upgradePlan')}</DialogTitle>
        <DialogContent>
          <RadioGroup value={choice} onChange={(e) => setChoice(e.target.value as PlanKey)} aria-label={t('users.plan')}>
            {(Object.keys(PLAN_PRICE) as PlanKey[]).map((p) => (
              <FormControlLabel key={p} value={p} control={<Radio />} label={`${t(`users.planName.${p}`)} · ${t('users.perMonth', { price: f.money(PLAN_PRICE[p]) })}`} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              onChange(choice)
              setOpen(false)
            }}
          >
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}

export function UserView({ id }: { id: string }) {
  const { t } = useDemoT()
  const f = useDemoFormat()
  const found = users.find((u) => String(u.id) === id)
  const [user, setUser] = useState<DemoUser | undefined>(found)
  const [tab, setTab] = useState<TabKey>('account')
  const [editing, setEditing] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [twoFactor, setTwoFactor] = useState(false)
  const [prefs, setPrefs] = useState({ newForYou: true, accountActivity: true, newBrowser: false })
  if (!user) return <NotFoundCard backTo="/apps/user/list" />

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card>
          <CardContent sx={{ textAlign: 'center' }}>
            <Avatar variant="rounded" sx={{ width: 100, height: 100, mx: 'auto', mb: 2, fontSize: 36 }}>
              {initials(user.name)}
            </Avatar>
            <Typography variant="h5" component="h1">
              {user.name}
            </Typography>
            <Chip size="small" label={t(`users.roleName.${user.role}`)} sx={{ mt: 1 }} />
            <Box sx={{ display: 'flex', justifyContent: 'space-around', my: 3 }}>
              <Box>
                <Typography variant="h6">{f.number(user.tasksDone)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('users.tasksDone')}
                </Typography>
              </Box>
              <Box>
                <Typography variant="h6">{f.number(user.projectsDone)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('users.projectsDone')}
                </Typography>
              </Box>
            </Box>
            <Divider />
            <Box sx={{ textAlign: 'start', display: 'grid', gap: 1, my: 3 }}>
              <Typography variant="body2">
                <strong>{t('users.field.email')}:</strong> {user.email}
              </Typography>
              <Typography variant="body2" component="div">
                <strong>{t('common.status')}:</strong> <Chip size="small" color={USER_STATUS_COLOR[user.status]} label={t(`users.status.${user.status}`)} />
              </Typography>
              <Typography variant="body2">
                <strong>{t('users.field.contact')}:</strong> {user.contact}
              </Typography>
              <Typography variant="body2">
                <strong>{t('common.country')}:</strong> {f.region(user.country)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
              <Button variant="contained" onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
              <Button variant="outlined" color="error" disabled={user.status === 'inactive'} onClick={() => setConfirm(true)}>
                {t('users.suspend')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} variant="scrollable" aria-label={t('users.sections')} sx={{ mb: 3 }}>
          {(['account', 'security', 'billing', 'notifications'] as const).map((k) => (
            <Tab key={k} value={k} label={t(`users.tab.${k}`)} />
          ))}
        </Tabs>
        {tab === 'account' && (
          <Card>
            <CardHeader title={t('users.activity')} />
            <CardContent>
              {/* Doubled class: the item's own ::before rule comes later in the sheet with equal weight. */}
              <Timeline sx={{ p: 0, [`&& .${timelineItemClasses.root}::before`]: { flex: 0, p: 0 } }}>
                {(['invoicePaid', 'meeting', 'project'] as const).map((k, i) => (
                  <TimelineItem key={k}>
                    <TimelineSeparator>
                      <TimelineDot color={(['primary', 'success', 'info'] as const)[i]} />
                      {i < 2 && <TimelineConnector />}
                    </TimelineSeparator>
                    <TimelineContent>
                      <Typography variant="subtitle2">{t(`users.event.${k}`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {f.dateTime(`2026-11-${String(20 - i * 3).padStart(2, '0')}T1${i}:30:00`)}
                      </Typography>
                    </TimelineContent>
                  </TimelineItem>
                ))}
              </Timeline>
            </CardContent>
          </Card>
        )}
        {tab === 'security' && (
          <Card>
            <CardHeader title={t('users.twoFactor')} subheader={t('users.twoFactorText')} />
            <CardContent>
              <FormControlLabel control={<Switch checked={twoFactor} onChange={(e) => setTwoFactor(e.target.checked)} />} label={twoFactor ? t('users.twoFactorOn') : t('users.twoFactorOff')} />
            </CardContent>
          </Card>
        )}
        {tab === 'billing' && <Billing plan={user.plan} onChange={(plan) => setUser({ ...user, plan })} />}
        {tab === 'notifications' && (
          <Card>
            <CardHeader title={t('users.tab.notifications')} />
            <CardContent sx={{ display: 'grid' }}>
              {(['newForYou', 'accountActivity', 'newBrowser'] as const).map((k) => (
                <FormControlLabel key={k} control={<Switch checked={prefs[k]} onChange={(e) => setPrefs({ ...prefs, [k]: e.target.checked })} />} label={t(`users.notify.${k}`)} />
              ))}
            </CardContent>
          </Card>
        )}
      </Grid>
      {editing && <EditUserDialog user={user} open onClose={() => setEditing(false)} onSave={setUser} />}
      <ConfirmDialog open={confirm} title={t('users.suspend')} text={t('users.suspendText', { name: user.name })} confirmLabel={t('users.suspend')} onConfirm={() => setUser({ ...user, status: 'inactive' })} onClose={() => setConfirm(false)} />
    </Grid>
  )
}

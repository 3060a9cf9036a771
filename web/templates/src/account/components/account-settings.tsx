import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconBrandGithub, IconBrandGoogle, IconBrandSlack, IconCalendar } from '@tabler/icons-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RouteTabs, useRouteTab } from './route-tabs'
import { useSession } from '@/lib/use-session'
import { intlLocale } from '../../apps/hooks/use-demo-t'

const TABS = ['account', 'security', 'billing-plans', 'notifications', 'connections'] as const
type Errors = Record<string, string>

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

/** Validates named inputs of a form with per-field rules and reports the outcome. */
function useRuledForm(rules: Record<string, (v: string, all: FormData) => string>, onOk: () => void) {
  const [errors, setErrors] = useState<Errors>({})
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const errs: Errors = {}
    for (const [k, rule] of Object.entries(rules)) {
      const msg = rule(String(data.get(k) ?? '').trim(), data)
      if (msg) errs[k] = msg
    }
    setErrors(errs)
    if (!Object.keys(errs).length) onOk()
  }
  const props = (name: string) => ({ name, error: !!errors[name], helperText: errors[name] ?? ' ', fullWidth: true })
  return { onSubmit, props }
}

/** The signed-in person's name split for the form, and their e-mail. */
function useSignedInPerson() {
  const user = useSession()?.user
  const [firstName = '', ...rest] = (user?.displayName ?? '').trim().split(/\s+/)
  return { firstName, lastName: rest.join(' '), email: user?.email ?? '' }
}

function AccountTab() {
  const { t } = useTranslation('demo-ui')
  const me = useSignedInPerson()
  const [saved, setSaved] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const [deactivated, setDeactivated] = useState(false)
  const req = (v: string) => (v ? '' : t('validation.required'))
  const form = useRuledForm({ firstName: req, lastName: req, email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? '' : t('validation.email')) }, () => setSaved(true))
  return (
    <>
      <Section title={t('account.profile')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar variant="rounded" sx={{ width: 80, height: 80, fontSize: 28 }}>
            AC
          </Avatar>
          <Typography variant="body2" color="text.secondary">
            {t('account.photoHint')}
          </Typography>
        </Stack>
        <form noValidate onSubmit={form.onSubmit} onChange={() => setSaved(false)}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('forms.fields.firstName')} defaultValue={me.firstName} {...form.props('firstName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('forms.fields.lastName')} defaultValue={me.lastName} {...form.props('lastName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('common.email')} type="email" defaultValue={me.email} {...form.props('email')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('forms.fields.phone')} type="tel" defaultValue="+351 912 345 678" {...form.props('phone')} />
            </Grid>
          </Grid>
          {saved && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('account.saved')}
            </Alert>
          )}
          <Button type="submit" variant="contained">
            {t('account.saveChanges')}
          </Button>
        </form>
      </Section>
      <Section title={t('account.deactivate')}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('account.deactivateWarning')}
        </Alert>
        <FormControlLabel control={<Checkbox checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />} label={t('account.deactivateConfirm')} />
        <Box>
          <Button color="error" variant="contained" disabled={!confirm || deactivated} onClick={() => setDeactivated(true)}>
            {t('account.deactivate')}
          </Button>
        </Box>
        {deactivated && (
          <Typography role="status" sx={{ mt: 2 }}>
            {t('account.deactivated')}
          </Typography>
        )}
      </Section>
    </>
  )
}

function SecurityTab() {
  const { t } = useTranslation('demo-ui')
  const [saved, setSaved] = useState(false)
  const form = useRuledForm(
    {
      current: (v) => (v ? '' : t('validation.required')),
      password: (v) => (v.length < 8 ? t('validation.passwordLength') : !/[A-Z]/.test(v) ? t('validation.passwordUpper') : !/\d/.test(v) ? t('validation.passwordDigit') : ''),
      confirm: (v, all) => (v !== String(all.get('password') ?? '') ? t('validation.passwordMatch') : ''),
    },
    () => setSaved(true),
  )
  return (
    <Section title={t('account.changePassword')}>
      <form noValidate onSubmit={form.onSubmit}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('account.currentPassword')} type="password" autoComplete="current-password" {...form.props('current')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} />
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('auth.reset.newPassword')} type="password" autoComplete="new-password" {...form.props('password')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('forms.fields.confirmPassword')} type="password" autoComplete="new-password" {...form.props('confirm')} />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('forms.validation.passwordHint')}
        </Typography>
        {saved && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('account.passwordChanged')}
          </Alert>
        )}
        <Button type="submit" variant="contained">
          {t('account.changePassword')}
        </Button>
      </form>
    </Section>
  )
}

function BillingTab() {
  const { t, i18n } = useTranslation('demo-ui')
  const [plan, setPlan] = useState<'basic' | 'standard'>('basic')
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR' })
  const invoices = [
    { id: 'INV-4821', date: '2026-10-01', total: 12 },
    { id: 'INV-4720', date: '2026-09-01', total: 12 },
    { id: 'INV-4613', date: '2026-08-01', total: 9 },
  ]
  return (
    <>
      <Section title={t('account.currentPlan')}>
        <Typography variant="h5" component="p" sx={{ mb: 1 }}>
          {t(`pricing.plans.${plan}.name`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(`pricing.plans.${plan}.text`)}
        </Typography>
        <Button variant="contained" onClick={() => setPlan((p) => (p === 'basic' ? 'standard' : 'basic'))}>
          {plan === 'basic' ? t('account.upgrade') : t('account.downgrade')}
        </Button>
      </Section>
      <Section title={t('account.invoices')}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('account.invoices')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('account.invoice')}</TableCell>
                <TableCell>{t('account.date')}</TableCell>
                <TableCell align="right">{t('account.total')}</TableCell>
                <TableCell>{t('tables.cols.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((inv) => (
                <TableRow key={inv.id}>
                  <TableCell>{inv.id}</TableCell>
                  <TableCell>{new Date(inv.date).toLocaleDateString(intlLocale(i18n.language))}</TableCell>
                  <TableCell align="right">{money.format(inv.total)}</TableCell>
                  <TableCell>
                    <Chip size="small" color="success" label={t('account.paid')} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Section>
    </>
  )
}

const EVENTS = ['newMessages', 'offers', 'priceDrops', 'newsletter'] as const
function NotificationsTab() {
  const { t } = useTranslation('demo-ui')
  const [on, setOn] = useState<Record<string, boolean>>({ 'newMessages-email': true, 'newMessages-browser': true, 'offers-email': true })
  const [saved, setSaved] = useState(false)
  return (
    <Section title={t('account.notifications')}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('account.notifications')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('account.event')}</TableCell>
              <TableCell align="center">{t('common.email')}</TableCell>
              <TableCell align="center">{t('account.browser')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {EVENTS.map((ev) => (
              <TableRow key={ev}>
                <TableCell>{t(`forms.switch.items.${ev}.title`)}</TableCell>
                {(['email', 'browser'] as const).map((ch) => (
                  <TableCell key={ch} align="center">
                    <Checkbox
                      checked={!!on[`${ev}-${ch}`]}
                      onChange={(e) => {
                        setSaved(false)
                        setOn((o) => ({ ...o, [`${ev}-${ch}`]: e.target.checked }))
                      }}
                      slotProps={{ input: { 'aria-label': `${t(`forms.switch.items.${ev}.title`)} — ${ch === 'email' ? t('common.email') : t('account.browser')}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => setSaved(true)}>
        {t('account.saveChanges')}
      </Button>
      {saved && (
        <Typography role="status" sx={{ mt: 1 }} color="success.main">
          {t('account.saved')}
        </Typography>
      )}
    </Section>
  )
}

const SERVICES = [
  { key: 'Google', icon: IconBrandGoogle, purpose: 'calendar' },
  { key: 'Slack', icon: IconBrandSlack, purpose: 'alerts' },
  { key: 'GitHub', icon: IconBrandGithub, purpose: 'code' },
  { key: 'Calendar', icon: IconCalendar, purpose: 'calendar' },
] as const
function ConnectionsTab() {
  const { t } = useTranslation('demo-ui')
  const [linked, setLinked] = useState<Record<string, boolean>>({ Google: true, Slack: false, GitHub: true, Calendar: false })
  return (
    <Section title={t('account.connectedAccounts')}>
      <List>
        {SERVICES.map((s) => (
          <ListItem
            key={s.key}
            disableGutters
            secondaryAction={<Switch edge="end" checked={!!linked[s.key]} onChange={(e) => setLinked((l) => ({ ...l, [s.key]: e.target.checked }))} slotProps={{ input: { 'aria-label': t('account.connectTo', { service: s.key }) } }} />}
          >
            <ListItemAvatar>
              <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'text.primary' }}>
                <s.icon />
              </Avatar>
            </ListItemAvatar>
            <ListItemText primary={s.key} secondary={linked[s.key] ? t('account.connected') : t(`account.purposes.${s.purpose}`)} />
          </ListItem>
        ))}
      </List>
    </Section>
  )
}

export function AccountSettings() {
  const { t } = useTranslation('demo-ui')
  const tab = useRouteTab(TABS)
  return (
    <>
      <RouteTabs base="/pages/account-settings" tabs={TABS} value={tab} labelPrefix="account.tabs" label={t('account.title')} />
      {tab === 'account' && <AccountTab />}
      {tab === 'security' && <SecurityTab />}
      {tab === 'billing-plans' && <BillingTab />}
      {tab === 'notifications' && <NotificationsTab />}
      {tab === 'connections' && <ConnectionsTab />}
    </>
  )
}

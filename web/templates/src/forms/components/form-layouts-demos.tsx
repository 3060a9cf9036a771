import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Divider from '@mui/material/Divider'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES } from '../data/options'

function LayoutCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** A label beside its field from sm up, above it on phones. */
function Row({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Grid container spacing={1} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, sm: 3 }}>
        <Typography component="label" htmlFor={id}>
          {label}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 9 }}>{children}</Grid>
    </Grid>
  )
}

/** Each demo form only needs: every required field filled. Reports which are missing. */
/** Submit and reset buttons shared by every layout demo. */
function FormActions() {
  const { t } = useTranslation('demo-ui')
  return (
    <Stack direction="row" spacing={2}>
      <Button type="submit" variant="contained">
        {t('common.submit')}
      </Button>
      <Button type="reset" variant="outlined" color="secondary">
        {t('common.reset')}
      </Button>
    </Stack>
  )
}

function useDemoSubmit(required: string[]) {
  const { t } = useTranslation('demo-ui')
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null)
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const missing = required.filter((k) => !String(data.get(k) ?? '').trim())
    setMsg(missing.length ? { ok: false, text: t('forms.layouts.missing', { fields: missing.map((k) => t(`forms.fields.${k}`)).join(', ') }) } : { ok: true, text: t('forms.layouts.sent') })
  }
  return { msg, onSubmit, clear: () => setMsg(null) }
}

export function FormLayoutsDemos() {
  const { t } = useTranslation('demo-ui')
  const vertical = useDemoSubmit(['fullName', 'email'])
  const horizontal = useDemoSubmit(['fullName', 'email', 'phone'])
  const multi = useDemoSubmit(['firstName', 'lastName', 'country', 'address'])
  const result = (m: { ok: boolean; text: string } | null) =>
    m && (
      <Alert severity={m.ok ? 'success' : 'error'} role={m.ok ? 'status' : 'alert'}>
        {m.text}
      </Alert>
    )
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <LayoutCard title={t('forms.layouts.vertical')}>
          <form noValidate onSubmit={vertical.onSubmit} onReset={vertical.clear}>
            <Stack spacing={2.5}>
              <TextField name="fullName" label={t('forms.fields.fullName')} required fullWidth />
              <TextField name="email" type="email" label={t('common.email')} required fullWidth />
              <TextField name="message" label={t('forms.fields.message')} multiline rows={3} fullWidth />
              {result(vertical.msg)}
              <FormActions />
            </Stack>
          </form>
        </LayoutCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <LayoutCard title={t('forms.layouts.horizontal')}>
          <form noValidate onSubmit={horizontal.onSubmit} onReset={horizontal.clear}>
            <Stack spacing={2.5}>
              <Row id="h-name" label={t('forms.fields.fullName')}>
                <TextField id="h-name" name="fullName" required fullWidth size="small" />
              </Row>
              <Row id="h-email" label={t('common.email')}>
                <TextField id="h-email" name="email" type="email" required fullWidth size="small" />
              </Row>
              <Row id="h-phone" label={t('forms.fields.phone')}>
                <TextField id="h-phone" name="phone" type="tel" required fullWidth size="small" />
              </Row>
              <Row id="h-company" label={t('forms.fields.company')}>
                <TextField id="h-company" name="company" fullWidth size="small" />
              </Row>
              {result(horizontal.msg)}
              <FormActions />
            </Stack>
          </form>
        </LayoutCard>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <LayoutCard title={t('forms.layouts.multiColumn')}>
          <form noValidate onSubmit={multi.onSubmit} onReset={multi.clear}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
              {t('forms.layouts.personal')}
            </Typography>
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField name="firstName" label={t('forms.fields.firstName')} required fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField name="lastName" label={t('forms.fields.lastName')} required fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField name="country" label={t('forms.fields.country')} required fullWidth select defaultValue="">
                  {COUNTRIES.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField name="birthDate" type="date" label={t('forms.fields.birthDate')} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
              </Grid>
            </Grid>
            <Divider sx={{ my: 3 }} />
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
              {t('forms.layouts.addressSection')}
            </Typography>
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, sm: 8 }}>
                <TextField name="address" label={t('forms.fields.address')} required fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField name="postcode" label={t('forms.fields.postcode')} fullWidth />
              </Grid>
            </Grid>
            <Stack spacing={2} sx={{ mt: 3 }}>
              {result(multi.msg)}
              <FormActions />
            </Stack>
          </form>
        </LayoutCard>
      </Grid>
    </Grid>
  )
}

import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import Typography, { type TypographyProps } from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const
const TEXTS: TypographyProps['variant'][] = ['subtitle1', 'subtitle2', 'body1', 'body2', 'button', 'caption', 'overline']

export function TypographyDemo() {
  const { t } = useTranslation('demo-ui')
  const head = { slotProps: { title: { component: 'h2', variant: 'h6' } } } as const
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader {...head} title={t('typography.headings')} />
          <CardContent>
            <Stack spacing={1.5}>
              {HEADINGS.map((h) => (
                // Shown as a sample, so the level is visual only and the document outline stays intact.
                <Typography key={h} variant={h} component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {t('typography.heading', { level: h.toUpperCase() })}
                </Typography>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader {...head} title={t('typography.texts')} />
          <CardContent>
            <Stack spacing={1.5}>
              {TEXTS.map((v) => (
                <div key={v}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {v}
                  </Typography>
                  <Typography variant={v} component="p">
                    {t('typography.sample')}
                  </Typography>
                </div>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Card>
          <CardHeader {...head} title={t('typography.colors')} />
          <CardContent>
            <Stack spacing={1}>
              {(['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const).map((c) => (
                <Typography key={c} color={c}>
                  {t(`common.colors.${c}`)} — {t('typography.sample')}
                </Typography>
              ))}
              <Typography color="text.secondary">{t('typography.muted')}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{t('typography.bold')}</Typography>
              <Typography sx={{ fontStyle: 'italic' }}>{t('typography.italic')}</Typography>
              <Typography noWrap sx={{ maxWidth: 260 }}>
                {t('typography.truncated')}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  )
}

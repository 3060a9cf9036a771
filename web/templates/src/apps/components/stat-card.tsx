import Avatar from '@mui/material/Avatar'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import Box from '@mui/material/Box'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { intlLocale } from '../hooks/use-demo-t'

export type Tone = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info'

export function StatCard(props: { icon: ReactNode; label: string; value: string; hint?: string; tone?: Tone; trend?: number }) {
  const tone = props.tone ?? 'primary'
  const { i18n } = useTranslation()
  // Signed percentage in the interface language ("+12,4 %" in Polish, Arabic digits in Arabic).
  const trend =
    props.trend === undefined ? null : new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(props.trend / 100)
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 3, alignItems: 'center' }}>
        <Avatar variant="rounded" sx={{ bgcolor: `${tone}.main`, color: `${tone}.contrastText`, width: 44, height: 44 }}>
          {props.icon}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          {/* Value and trend wrap as two units, so neither is clipped nor runs into the other. */}
          <Typography variant="h6" component="p" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline', overflowWrap: 'anywhere' }}>
            <bdi data-figure="value">{props.value}</bdi>
            {trend !== null && props.trend !== undefined && (
              <Typography component="bdi" data-figure="trend" variant="body2" sx={{ color: props.trend >= 0 ? 'success.dark' : 'error.dark', whiteSpace: 'nowrap' }}>
                {trend}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.label}
          </Typography>
          {props.hint && (
            <Typography variant="caption" color="text.disabled">
              {props.hint}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  )
}

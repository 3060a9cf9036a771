import Avatar from '@mui/material/Avatar'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

export type Tone = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info'

export function StatCard(props: { icon: ReactNode; label: string; value: string; hint?: string; tone?: Tone; trend?: number }) {
  const tone = props.tone ?? 'primary'
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 3, alignItems: 'center' }}>
        <Avatar variant="rounded" sx={{ bgcolor: `${tone}.main`, color: `${tone}.contrastText`, width: 44, height: 44 }}>
          {props.icon}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p">
            {props.value}
            {props.trend !== undefined && (
              <Typography component="span" variant="body2" sx={{ marginInlineStart: 1, color: props.trend >= 0 ? 'success.main' : 'error.main' }}>
                {props.trend >= 0 ? '+' : ''}
                {props.trend}%
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
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

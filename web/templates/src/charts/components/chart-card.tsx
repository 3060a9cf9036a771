import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import type { ReactNode } from 'react'

/** Card around one chart; `label` names the figure for assistive technology. */
export function ChartCard({ title, subheader, action, label, children }: { title: string; subheader?: string; action?: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={subheader} action={action} slotProps={{ title: { component: 'h2', variant: 'h6' } }} sx={{ flexWrap: 'wrap', gap: 1 }} />
      <CardContent>
        <div role="img" aria-label={label} data-testid="chart-container">
          {children}
        </div>
      </CardContent>
    </Card>
  )
}

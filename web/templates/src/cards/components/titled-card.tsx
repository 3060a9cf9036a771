import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import type { ReactNode } from 'react'

export function TitledCard({ title, subheader, action, children }: { title: string; subheader?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={subheader} action={action} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

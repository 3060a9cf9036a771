import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CardHeader from '@mui/material/CardHeader'
import type { ReactNode } from 'react'

/** One titled example card; the title is already translated. */
export function DemoSection({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  )
}

import Grid from '@mui/material/Grid'
import { Children, type ReactNode } from 'react'

/** Two columns from md up, one below. */
export function DemoGrid({ children, md = 6 }: { children: ReactNode; md?: number }) {
  return (
    <Grid container spacing={3}>
      {Children.toArray(children).map((c, i) => (
        <Grid key={i} size={{ xs: 12, md }}>
          {c}
        </Grid>
      ))}
    </Grid>
  )
}

import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

export function BlankLayout({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>{children}</Box>
}

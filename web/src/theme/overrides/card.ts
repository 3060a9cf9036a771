import type { Components, Theme } from '@mui/material/styles'
import type { Skin } from '@/config/theme-config'

/** The bordered skin swaps elevation for a hairline border. */
export function cardOverrides(skin: Skin): Components<Theme> {
  const bordered = skin === 'bordered'
  return {
    MuiCard: {
      defaultProps: { elevation: bordered ? 0 : 2 },
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 10,
          ...(bordered ? { border: `1px solid ${(theme.vars ?? theme).palette.divider}` } : {}),
        }),
      },
    },
    MuiPaper: {
      styleOverrides: {
        outlined: { borderRadius: 10 },
      },
    },
  }
}

import type { Components, Theme } from '@mui/material/styles'

export function appBarOverrides(): Components<Theme> {
  return {
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
    },
  }
}

import type { Components, Theme } from '@mui/material/styles'

export function textFieldOverrides(): Components<Theme> {
  return {
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 6 } } },
  }
}

import type { Components, Theme } from '@mui/material/styles'
import { themeConfig } from '@/config/theme-config'

export function snackbarOverrides(): Components<Theme> {
  return {
    MuiSnackbar: { defaultProps: { autoHideDuration: themeConfig.snackbarTimeout } },
  }
}

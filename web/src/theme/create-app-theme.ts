import { createTheme, type Theme } from '@mui/material/styles'
import { themeConfig, type Skin } from '@/config/theme-config'
import { componentOverrides } from './overrides'

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true
  }
}

const DEFAULT_PRIMARY = '#7367F0'

export function createAppTheme(opts: { direction: 'ltr' | 'rtl'; skin: Skin; primaryColor?: string }): Theme {
  const primary = { main: opts.primaryColor ?? DEFAULT_PRIMARY }
  return createTheme({
    direction: opts.direction,
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: { palette: { primary, background: { default: '#F8F7FA', paper: '#FFFFFF' } } },
      dark: { palette: { primary, background: { default: '#25293C', paper: '#2F3349' } } },
    },
    breakpoints: { values: { ...themeConfig.breakpoints } },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans SC", sans-serif',
    },
    components: componentOverrides(opts.skin),
  })
}

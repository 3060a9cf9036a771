import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles'
import { themeConfig, type Skin } from '@/config/theme-config'
import { componentOverrides } from './overrides'

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true
  }
}

const DEFAULT_PRIMARY = '#7367F0'
const LIGHT_BG = '#F8F7FA'
const DARK_PAPER = '#2F3349'
/** WCAG AA for normal text, with a little margin for rounding. */
const AA = 4.6

/**
 * The site's brand colour adjusted so that it reads as text on the page
 * background and carries white (light scheme) or dark (dark scheme) text on
 * buttons: darkened for the light scheme, lightened for the dark one, in small
 * steps, only as far as needed. The brand colour itself stays as `light`/`dark`.
 */
export function accessiblePrimary(brand: string, mode: 'light' | 'dark') {
  let main = brand
  for (let step = 1; step <= 20; step++) {
    const ok = mode === 'light' ? getContrastRatio(main, LIGHT_BG) >= AA && getContrastRatio(main, '#FFFFFF') >= AA : getContrastRatio(main, DARK_PAPER) >= AA
    if (ok) break
    main = mode === 'light' ? darken(brand, step * 0.04) : lighten(brand, step * 0.04)
  }
  const contrastText = getContrastRatio(main, '#FFFFFF') >= AA ? '#FFFFFF' : '#1B1D2A'
  return mode === 'light' ? { main, light: brand, contrastText } : { main, dark: brand, contrastText }
}

export function createAppTheme(opts: { direction: 'ltr' | 'rtl'; skin: Skin; primaryColor?: string }): Theme {
  const brand = opts.primaryColor ?? DEFAULT_PRIMARY
  return createTheme({
    direction: opts.direction,
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: { palette: { primary: accessiblePrimary(brand, 'light'), background: { default: LIGHT_BG, paper: '#FFFFFF' } } },
      dark: { palette: { primary: accessiblePrimary(brand, 'dark'), background: { default: '#25293C', paper: DARK_PAPER } } },
    },
    breakpoints: { values: { ...themeConfig.breakpoints } },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans SC", sans-serif',
    },
    components: componentOverrides(opts.skin),
  })
}

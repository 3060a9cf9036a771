import { useColorScheme, useTheme, type CssVarsTheme, type Palette } from '@mui/material/styles'

/**
 * Chart libraries need concrete colours, not CSS variables. With CSS-variable
 * colour schemes `theme.palette` always holds the light scheme, so the active
 * scheme's palette is looked up explicitly.
 */
export function useChartPalette(): { palette: Palette; mode: 'light' | 'dark'; rtl: boolean } {
  const theme = useTheme()
  const { mode, systemMode } = useColorScheme()
  const resolved = (mode === 'system' ? systemMode : mode) ?? 'light'
  // The app theme enables CSS variables, but the Theme type only knows that when augmented.
  const schemes = (theme as Partial<Pick<CssVarsTheme, 'colorSchemes'>>).colorSchemes
  const palette = (schemes?.[resolved]?.palette as Palette | undefined) ?? theme.palette
  return { palette, mode: resolved, rtl: theme.direction === 'rtl' }
}

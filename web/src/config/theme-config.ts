import type { Lang } from '@/lib/api-types'

export type ThemeMode = 'light' | 'dark' | 'system'
export type Skin = 'default' | 'bordered'
export type ContentWidth = 'boxed' | 'fluid'
export type LayoutNav = 'vertical' | 'horizontal'
export type NavbarType = 'sticky' | 'hidden'
export type FooterType = 'static'

export interface LangConfig {
  label: string
  i18nLang: Lang
  isRTL: boolean
}

/** Product defaults; the customizer edits a persisted copy and can reset to these. */
export const themeConfig = {
  app: {
    title: 'application',
    contentWidth: 'boxed' as ContentWidth,
    contentLayoutNav: 'vertical' as LayoutNav,
    /** Navigation turns into an overlay below this width (the lg breakpoint). */
    overlayNavFromBreakpoint: 1280,
    compactContentWidth: 1440,
    theme: 'system' as ThemeMode,
    skin: 'default' as Skin,
    i18n: {
      defaultLocale: 'en' as Lang,
      langConfig: [
        { label: 'English', i18nLang: 'en', isRTL: false },
        { label: 'Polski', i18nLang: 'pl', isRTL: false },
        { label: 'Español', i18nLang: 'es', isRTL: false },
        { label: 'Français', i18nLang: 'fr', isRTL: false },
        { label: 'Italiano', i18nLang: 'it', isRTL: false },
        { label: 'Português', i18nLang: 'pt', isRTL: false },
        { label: 'Deutsch', i18nLang: 'de', isRTL: false },
        { label: '中文', i18nLang: 'cn', isRTL: false },
        { label: 'Português (Brasil)', i18nLang: 'br', isRTL: false },
        { label: 'العربية', i18nLang: 'ar', isRTL: true },
      ] satisfies LangConfig[],
    },
  },
  navbar: { type: 'sticky' as NavbarType, navbarBlur: true },
  footer: { type: 'static' as FooterType },
  verticalNav: { isVerticalNavCollapsed: false, isVerticalNavSemiDark: false },
  horizontalNav: { type: 'sticky' as const, transition: 'slide-y-reverse' as const, popoverOffset: 4 },
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 },
  snackbarTimeout: 5000,
  scrollToTopAfter: 200,
} as const

export function isRtlLang(lang: string): boolean {
  return themeConfig.app.i18n.langConfig.some((l) => l.i18nLang === lang && l.isRTL)
}

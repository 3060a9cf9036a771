import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DEMO_UI_NAV_NS, demoUiNavLabels } from '@/locales/demo-ui/nav'
import type { NavEntry, NavLink } from './nav-items'

// Template UI pages: charts, components, extensions, forms, tables and the
// "pages" examples. They are a showcase for administrators, so every entry asks
// for the admin ability (the pages themselves only require sign-in).
const admin = { action: 'manage', subject: 'all' } as const

function link(key: string, route: string, icon: string, suffix = ''): NavLink {
  return { kind: 'link', key: `demo-ui-${key}${suffix}`, title: `${DEMO_UI_NAV_NS}:${key}${suffix}`, to: { name: route }, icon, ...admin }
}

function heading(key: string): NavEntry {
  return { kind: 'heading', key: `demo-ui-${key}`, title: `${DEMO_UI_NAV_NS}:${key}` }
}

const auth = (['login', 'register', 'forgotPassword', 'resetPassword', 'twoSteps', 'verifyEmail'] as const).flatMap((k) => {
  const slug = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  return [link(k, `pages-authentication-${slug}-v1`, 'shield', 'V1'), link(k, `pages-authentication-${slug}-v2`, 'shield', 'V2')]
})

export const demoUiNav: NavEntry[] = [
  heading('headingCharts'),
  link('apex', 'charts-apex-chart', 'chart'),
  link('chartjs', 'charts-chartjs', 'chart'),
  heading('headingUi'),
  ...(
    [
      ['alert', 'alert'],
      ['avatar', 'avatar'],
      ['badge', 'badge'],
      ['button', 'button'],
      ['chip', 'chip'],
      ['dialog', 'dialog'],
      ['expansion', 'expansion-panel'],
      ['list', 'list'],
      ['menu', 'menu'],
      ['pagination', 'pagination'],
      ['progressCircular', 'progress-circular'],
      ['progressLinear', 'progress-linear'],
      ['snackbar', 'snackbar'],
      ['tabs', 'tabs'],
      ['timeline', 'timeline'],
      ['tooltip', 'tooltip'],
    ] as const
  ).map(([k, r]) => link(k, `components-${r}`, 'circle')),
  link('swiper', 'extensions-swiper', 'circle'),
  link('tour', 'extensions-tour', 'circle'),
  heading('headingForms'),
  ...(
    [
      ['autocomplete', 'autocomplete'],
      ['checkbox', 'checkbox'],
      ['combobox', 'combobox'],
      ['customInput', 'custom-input'],
      ['dateTime', 'date-time-picker'],
      ['editors', 'editors'],
      ['fileInput', 'file-input'],
      ['formLayouts', 'form-layouts'],
      ['formValidation', 'form-validation'],
      ['wizardIcons', 'form-wizard-icons'],
      ['wizardNumbered', 'form-wizard-numbered'],
      ['radio', 'radio'],
      ['rangeSlider', 'range-slider'],
      ['rating', 'rating'],
      ['select', 'select'],
      ['slider', 'slider'],
      ['switch', 'switch'],
      ['textarea', 'textarea'],
      ['textfield', 'textfield'],
    ] as const
  ).map(([k, r]) => link(k, `forms-${r}`, 'list')),
  link('dataTable', 'tables-data-table', 'list'),
  link('simpleTable', 'tables-simple-table', 'list'),
  heading('headingPages'),
  { ...link('accountSettings', 'pages-account-settings-tab', 'circle'), to: { name: 'pages-account-settings-tab', params: { tab: 'account' } } },
  { ...link('userProfile', 'pages-user-profile-tab', 'circle'), to: { name: 'pages-user-profile-tab', params: { tab: 'profile' } } },
  link('cardBasic', 'pages-cards-card-basic', 'circle'),
  link('cardAdvance', 'pages-cards-card-advance', 'circle'),
  link('cardStatistics', 'pages-cards-card-statistics', 'chart'),
  link('cardWidgets', 'pages-cards-card-widgets', 'circle'),
  link('cardGamification', 'pages-cards-card-gamification', 'circle'),
  link('cardActions', 'pages-cards-card-actions', 'circle'),
  link('dialogExamples', 'pages-dialog-examples', 'circle'),
  link('faq', 'pages-faq', 'circle'),
  link('icons', 'pages-icons', 'circle'),
  link('pricing', 'pages-pricing', 'circle'),
  link('typography', 'pages-typography', 'circle'),
  link('comingSoon', 'pages-misc-coming-soon', 'circle'),
  link('maintenance', 'pages-misc-under-maintenance', 'circle'),
  ...auth,
  link('registerMultiSteps', 'pages-authentication-register-multi-steps', 'shield'),
]

/** Adds the menu labels (all languages, a few kB) to an i18n instance once. */
export function registerDemoUiNavLabels(i18n: I18n): void {
  if (i18n.hasResourceBundle('en', DEMO_UI_NAV_NS)) return
  // Silent: this runs while the menu renders, before any label is read.
  for (const [lng, labels] of Object.entries(demoUiNavLabels)) i18n.addResourceBundle(lng, DEMO_UI_NAV_NS, labels, true, false, { silent: true })
}

/** The template-page menu entries, with their labels available to the menu. */
export function useDemoUiNav(): NavEntry[] {
  const { i18n } = useTranslation()
  registerDemoUiNavLabels(i18n)
  return demoUiNav
}

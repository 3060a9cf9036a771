import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DEMO_APPS_NAV_NS, demoAppsNavLabels } from '@/locales/demo-apps/nav'
import type { NavEntry, NavLink } from './nav-items'

// Template/demo apps, dashboards, front pages and wizards. Titles live in the
// demoAppsNav namespace (src/locales/demo-apps/nav.ts). They are a showcase for
// administrators, so every entry asks for the admin ability.
const admin = { action: 'manage', subject: 'all' } as const

function link(key: string, route: string, icon: string): NavLink {
  return { kind: 'link', key: `demo-${key}`, title: `demoAppsNav:${key}`, to: { name: route }, icon, ...admin }
}

export const demoAppsNav: NavEntry[] = [
  { kind: 'heading', key: 'demo-dashboards', title: 'demoAppsNav:dashboards' },
  link('analytics', 'dashboards-analytics', 'chart'),
  link('ecommerce', 'dashboards-ecommerce', 'store'),
  link('logistics', 'apps-logistics-dashboard', 'truck'),
  link('academyDashboard', 'apps-academy-dashboard', 'school'),
  { kind: 'heading', key: 'demo-apps', title: 'demoAppsNav:apps' },
  link('calendar', 'apps-calendar', 'calendar'),
  link('chat', 'apps-chat', 'messages'),
  link('email', 'apps-email', 'mail'),
  link('kanban', 'apps-kanban', 'layout-kanban'),
  link('fleet', 'apps-logistics-fleet', 'truck'),
  link('courseDetails', 'apps-academy-course-details', 'school'),
  link('products', 'apps-ecommerce-product-list', 'list'),
  link('addProduct', 'apps-ecommerce-product-add', 'plus'),
  link('categories', 'apps-ecommerce-product-category-list', 'list'),
  link('orders', 'apps-ecommerce-order-list', 'list'),
  link('customers', 'apps-ecommerce-customer-list', 'users'),
  link('reviews', 'apps-ecommerce-manage-review', 'star'),
  link('referrals', 'apps-ecommerce-referrals', 'users'),
  link('storeSettings', 'apps-ecommerce-settings', 'store'),
  link('invoices', 'apps-invoice-list', 'file-invoice'),
  link('addInvoice', 'apps-invoice-add', 'plus'),
  link('users', 'apps-user-list', 'users'),
  link('roles', 'apps-roles', 'shield'),
  link('permissions', 'apps-permissions', 'shield'),
  { kind: 'heading', key: 'demo-front', title: 'demoAppsNav:frontPages' },
  link('landing', 'front-pages-landing-page', 'home'),
  link('pricing', 'front-pages-pricing', 'currency-dollar'),
  link('payment', 'front-pages-payment', 'credit-card'),
  link('checkout', 'front-pages-checkout', 'shopping-cart'),
  link('helpCenter', 'front-pages-help-center', 'help'),
  { kind: 'heading', key: 'demo-wizards', title: 'demoAppsNav:wizards' },
  link('wizardCheckout', 'wizard-examples-checkout', 'shopping-cart'),
  link('createDeal', 'wizard-examples-create-deal', 'plus'),
  link('propertyListing', 'wizard-examples-property-listing', 'home'),
]

/** Adds the menu labels (all languages, a few kB) to an i18n instance once. */
export function registerDemoAppsNavLabels(i18n: I18n): void {
  if (i18n.hasResourceBundle('en', DEMO_APPS_NAV_NS)) return
  // Silent: this runs while the menu renders, before any label is read.
  for (const [lng, labels] of Object.entries(demoAppsNavLabels)) i18n.addResourceBundle(lng, DEMO_APPS_NAV_NS, labels, true, false, { silent: true })
}

/** The demo menu entries, with their labels available to the menu. */
export function useDemoAppsNav(): NavEntry[] {
  const { i18n } = useTranslation()
  registerDemoAppsNavLabels(i18n)
  return demoAppsNav
}

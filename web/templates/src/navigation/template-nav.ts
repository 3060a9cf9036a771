import * as I from '@tabler/icons-react'
import { ADMIN_ONLY } from '@/lib/authorization'
import type { NavEntry, NavGroup, NavIconRef, NavLink } from '@/navigation/nav-items'
import { DEMO_APPS_NAV_NS, DEMO_UI_NAV_NS } from '../locales/namespaces'

// The template kit's menu: every template page in collapsible groups, in the
// order a commercial admin template shows them. The pages are a showcase for
// administrators: the app opens them to admins only, and every entry asks for
// the same ability. Pages with a parameter are linked with a sample record of
// the demo data.
type Ns = typeof DEMO_APPS_NAV_NS | typeof DEMO_UI_NAV_NS

function link(ns: Ns, label: string, route: string, icon: NavIconRef, params?: Record<string, string>): NavLink {
  const key = params ? `${route}-${Object.values(params).join('-')}` : route
  return { kind: 'link', key: `tpl-${key}`, title: `${ns}:${label}`, to: { name: route, params }, icon, ...ADMIN_ONLY }
}
const app = (label: string, route: string, icon: NavIconRef, params?: Record<string, string>) => link(DEMO_APPS_NAV_NS, label, route, icon, params)
const ui = (label: string, route: string, icon: NavIconRef, params?: Record<string, string>) => link(DEMO_UI_NAV_NS, label, route, icon, params)

function group(ns: Ns, label: string, icon: NavIconRef, children: NavEntry[]): NavGroup {
  return { kind: 'group', key: `tpl-group-${label}`, title: `${ns}:${label}`, icon, children }
}

const AUTH = [
  ['login', I.IconLogin, I.IconLogin2],
  ['register', I.IconUserPlus, I.IconUserEdit],
  ['forgotPassword', I.IconKey, I.IconKeyOff],
  ['resetPassword', I.IconRefresh, I.IconRefreshDot],
  ['twoSteps', I.IconDeviceMobileMessage, I.IconDeviceMobileCheck],
  ['verifyEmail', I.IconMailCheck, I.IconMailOpened],
] as const

const authPages: NavEntry[] = [
  ...AUTH.flatMap(([k, v1, v2]) => {
    const slug = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    return [ui(`${k}V1`, `pages-authentication-${slug}-v1`, v1), ui(`${k}V2`, `pages-authentication-${slug}-v2`, v2)]
  }),
  ui('registerMultiSteps', 'pages-authentication-register-multi-steps', I.IconListNumbers),
]

export const templateNav: NavEntry[] = [
  group(DEMO_APPS_NAV_NS, 'dashboards', I.IconSmartHome, [
    app('analytics', 'dashboards-analytics', I.IconChartLine),
    app('crm', 'dashboards-crm', I.IconChartDonut),
    app('ecommerce', 'dashboards-ecommerce', I.IconShoppingCart),
    app('logistics', 'apps-logistics-dashboard', I.IconTruckDelivery),
    app('academyDashboard', 'apps-academy-dashboard', I.IconBook),
  ]),
  group(DEMO_APPS_NAV_NS, 'apps', I.IconApps, [
    group(DEMO_APPS_NAV_NS, 'ecommerce', I.IconShoppingBag, [
      app('products', 'apps-ecommerce-product-list', I.IconPackage),
      app('addProduct', 'apps-ecommerce-product-add', I.IconPackageImport),
      app('categories', 'apps-ecommerce-product-category-list', I.IconCategory),
      app('orders', 'apps-ecommerce-order-list', I.IconReceipt),
      app('orderDetails', 'apps-ecommerce-order-details-id', I.IconFileDescription, { id: '5400' }),
      app('customers', 'apps-ecommerce-customer-list', I.IconUsers),
      app('customerDetails', 'apps-ecommerce-customer-details-id', I.IconUserSearch, { id: '1000' }),
      app('reviews', 'apps-ecommerce-manage-review', I.IconStar),
      app('referrals', 'apps-ecommerce-referrals', I.IconAffiliate),
      app('storeSettings', 'apps-ecommerce-settings', I.IconSettings),
    ]),
    group(DEMO_APPS_NAV_NS, 'academy', I.IconSchool, [
      app('myCourses', 'apps-academy-my-course', I.IconBooks),
      app('courseDetails', 'apps-academy-course-details', I.IconCertificate),
    ]),
    group(DEMO_APPS_NAV_NS, 'logistics', I.IconTruck, [
      app('dashboard', 'apps-logistics-dashboard', I.IconGauge),
      app('fleet', 'apps-logistics-fleet', I.IconMapPin),
    ]),
    group(DEMO_APPS_NAV_NS, 'email', I.IconMail, [
      app('email', 'apps-email', I.IconInbox),
      app('sentMail', 'apps-email-filter', I.IconSend, { filter: 'sent' }),
    ]),
    app('chat', 'apps-chat', I.IconMessageCircle),
    app('calendar', 'apps-calendar', I.IconCalendar),
    app('kanban', 'apps-kanban', I.IconLayoutKanban),
    group(DEMO_APPS_NAV_NS, 'invoices', I.IconFileInvoice, [
      app('list', 'apps-invoice-list', I.IconListDetails),
      app('invoicePreview', 'apps-invoice-preview-id', I.IconEye, { id: '4987' }),
      app('invoiceEdit', 'apps-invoice-edit-id', I.IconPencil, { id: '4987' }),
      app('addInvoice', 'apps-invoice-add', I.IconFilePlus),
    ]),
    group(DEMO_APPS_NAV_NS, 'users', I.IconUsersGroup, [
      app('list', 'apps-user-list', I.IconList),
      app('userView', 'apps-user-view-id', I.IconUserCircle, { id: '1' }),
    ]),
    group(DEMO_APPS_NAV_NS, 'rolesPermissions', I.IconLock, [
      app('roles', 'apps-roles', I.IconUserShield),
      app('permissions', 'apps-permissions', I.IconShieldCheck),
    ]),
  ]),
  group(DEMO_UI_NAV_NS, 'headingPages', I.IconFiles, [
    ui('userProfile', 'pages-user-profile-tab', I.IconUserSquare, { tab: 'profile' }),
    ui('accountSettings', 'pages-account-settings-tab', I.IconUserCog, { tab: 'account' }),
    ui('faq', 'pages-faq', I.IconHelpCircle),
    ui('pricing', 'pages-pricing', I.IconCurrencyDollar),
    group(DEMO_UI_NAV_NS, 'misc', I.IconFileAlert, [
      ui('comingSoon', 'pages-misc-coming-soon', I.IconRocket),
      ui('maintenance', 'pages-misc-under-maintenance', I.IconTool),
    ]),
    group(DEMO_UI_NAV_NS, 'authentication', I.IconLockSquare, authPages),
    ui('dialogExamples', 'pages-dialog-examples', I.IconAppWindow),
    ui('typography', 'pages-typography', I.IconTypography),
    ui('icons', 'pages-icons', I.IconIcons),
    group(DEMO_UI_NAV_NS, 'cards', I.IconId, [
      ui('cardBasic', 'pages-cards-card-basic', I.IconCreditCard),
      ui('cardAdvance', 'pages-cards-card-advance', I.IconCards),
      ui('cardStatistics', 'pages-cards-card-statistics', I.IconChartBar),
      ui('cardWidgets', 'pages-cards-card-widgets', I.IconLayoutDashboard),
      ui('cardGamification', 'pages-cards-card-gamification', I.IconTrophy),
      ui('cardActions', 'pages-cards-card-actions', I.IconClick),
    ]),
  ]),
  group(DEMO_UI_NAV_NS, 'components', I.IconToggleLeft, [
    ui('alert', 'components-alert', I.IconAlertTriangle),
    ui('avatar', 'components-avatar', I.IconUserCircle),
    ui('badge', 'components-badge', I.IconBadge),
    ui('button', 'components-button', I.IconHandClick),
    ui('chip', 'components-chip', I.IconTag),
    ui('dialog', 'components-dialog', I.IconAppWindow),
    ui('expansion', 'components-expansion-panel', I.IconLayoutNavbarExpand),
    ui('list', 'components-list', I.IconList),
    ui('menu', 'components-menu', I.IconMenu2),
    ui('pagination', 'components-pagination', I.IconArrowsRightLeft),
    ui('progressCircular', 'components-progress-circular', I.IconLoader2),
    ui('progressLinear', 'components-progress-linear', I.IconProgress),
    ui('snackbar', 'components-snackbar', I.IconMessage2),
    ui('tabs', 'components-tabs', I.IconFolders),
    ui('timeline', 'components-timeline', I.IconTimeline),
    ui('tooltip', 'components-tooltip', I.IconTooltip),
  ]),
  group(DEMO_UI_NAV_NS, 'forms', I.IconForms, [
    ui('textfield', 'forms-textfield', I.IconCursorText),
    ui('select', 'forms-select', I.IconSelect),
    ui('checkbox', 'forms-checkbox', I.IconCheckbox),
    ui('radio', 'forms-radio', I.IconCircleDot),
    ui('customInput', 'forms-custom-input', I.IconAdjustments),
    ui('textarea', 'forms-textarea', I.IconAlignLeft),
    ui('autocomplete', 'forms-autocomplete', I.IconSearch),
    ui('combobox', 'forms-combobox', I.IconSelector),
    ui('dateTime', 'forms-date-time-picker', I.IconCalendarTime),
    ui('switch', 'forms-switch', I.IconToggleRight),
    ui('fileInput', 'forms-file-input', I.IconUpload),
    ui('editors', 'forms-editors', I.IconEdit),
    ui('rangeSlider', 'forms-range-slider', I.IconArrowsHorizontal),
    ui('slider', 'forms-slider', I.IconAdjustmentsHorizontal),
    ui('rating', 'forms-rating', I.IconStarHalf),
    ui('formLayouts', 'forms-form-layouts', I.IconLayout),
    ui('formValidation', 'forms-form-validation', I.IconChecklist),
    ui('wizardNumbered', 'forms-form-wizard-numbered', I.IconNumbers),
    ui('wizardIcons', 'forms-form-wizard-icons', I.IconIcons),
  ]),
  group(DEMO_UI_NAV_NS, 'tables', I.IconTable, [
    ui('simpleTable', 'tables-simple-table', I.IconLayoutList),
    ui('dataTable', 'tables-data-table', I.IconTableOptions),
  ]),
  group(DEMO_UI_NAV_NS, 'headingCharts', I.IconChartHistogram, [
    ui('apex', 'charts-apex-chart', I.IconChartArea),
    ui('chartjs', 'charts-chartjs', I.IconChartDots),
  ]),
  group(DEMO_UI_NAV_NS, 'extensions', I.IconPuzzle, [
    ui('swiper', 'extensions-swiper', I.IconCarouselHorizontal),
    ui('tour', 'extensions-tour', I.IconRoute),
  ]),
  group(DEMO_APPS_NAV_NS, 'wizards', I.IconWand, [
    app('wizardCheckout', 'wizard-examples-checkout', I.IconShoppingCartCheck),
    app('createDeal', 'wizard-examples-create-deal', I.IconBriefcase),
    app('propertyListing', 'wizard-examples-property-listing', I.IconBuildingEstate),
  ]),
  group(DEMO_APPS_NAV_NS, 'frontPages', I.IconWorld, [
    app('landing', 'front-pages-landing-page', I.IconHome2),
    app('pricing', 'front-pages-pricing', I.IconCoin),
    app('payment', 'front-pages-payment', I.IconCreditCardPay),
    app('checkout', 'front-pages-checkout', I.IconShoppingCartCheck),
    app('helpCenter', 'front-pages-help-center', I.IconLifebuoy),
    app('helpArticle', 'front-pages-help-center-article-title', I.IconArticle, { title: 'create-your-first-listing' }),
  ]),
]

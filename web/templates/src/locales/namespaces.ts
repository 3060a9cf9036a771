// i18next namespace of each translation folder here (`<folder>/<lang>.json`).
// One namespace per template group; the menu labels are small namespaces of
// their own so the menu never waits for a page's wording.
export const DEMO_UI_NS = 'demo-ui'
export const DEMO_APPS_NS = 'demoApps'
export const DEMO_UI_NAV_NS = 'demoUiNav'
export const DEMO_APPS_NAV_NS = 'demoAppsNav'

export const TEMPLATE_NAV_NAMESPACES = {
  'ui-nav': DEMO_UI_NAV_NS,
  'apps-nav': DEMO_APPS_NAV_NS,
} as const

export const TEMPLATE_NAMESPACES: Record<string, string> = {
  ui: DEMO_UI_NS,
  apps: DEMO_APPS_NS,
  ...TEMPLATE_NAV_NAMESPACES,
}

import type { ComponentType } from 'react'
import type { Scope } from '@/lib/api-types'

/** A Tabler icon component, or a word that `NavIcon` knows (site files name icons by word). */
export type NavIconRef = string | ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>

/** Menu entries refer to route names; the route table supplies the paths. */
export interface NavLink {
  kind: 'link'
  key: string
  /** i18n key, or literal text from the site configuration. */
  title: string
  to: { name: string; params?: Record<string, string> } | { path: string }
  icon: NavIconRef
  requiredScope?: Scope
  action?: string
  subject?: string
}

/** A collapsible group (a popover in the horizontal layout); shown when one of its entries is. */
export interface NavGroup {
  kind: 'group'
  key: string
  title: string
  icon: NavIconRef
  children: NavEntry[]
}

export interface NavHeading {
  kind: 'heading'
  key: string
  title: string
}

export type NavEntry = NavLink | NavHeading | NavGroup

/** Used when a site configures no navigation of its own. */
export const defaultSiteNav: NavLink[] = [
  { kind: 'link', key: 'Home', title: 'nav.home', to: { name: 'frontpage' }, icon: 'home', requiredScope: 'internal' },
  { kind: 'link', key: 'AddNew', title: 'nav.addNew', to: { name: 'add-new' }, icon: 'plus', requiredScope: 'internal' },
  { kind: 'link', key: 'MyItems', title: 'nav.myItems', to: { name: 'my-items' }, icon: 'list', requiredScope: 'internal' },
  { kind: 'link', key: 'MyMessages', title: 'nav.myMessages', to: { name: 'my-messages' }, icon: 'messages', requiredScope: 'internal' },
  { kind: 'link', key: 'Academy', title: 'nav.academy', to: { name: 'apps-academy-my-course' }, icon: 'school' },
]

/** Entries every site shows after its own items. */
export const commonNav: NavEntry[] = [
  { kind: 'link', key: 'MyCall', title: 'nav.myCall', to: { name: 'my-call' }, icon: 'video', requiredScope: 'internal' },
  { kind: 'heading', key: 'admin', title: 'nav.admin' },
  { kind: 'link', key: 'admin-rooms', title: 'nav.adminRooms', to: { name: 'admin-rooms' }, icon: 'video', action: 'manage', subject: 'all' },
  { kind: 'link', key: 'dashboards-crm', title: 'nav.dashboardCrm', to: { name: 'dashboards-crm' }, icon: 'chart', action: 'manage', subject: 'all' },
  { kind: 'link', key: 'logistics-0', title: 'nav.dashboardLogistics', to: { name: 'apps-logistics-dashboard0' }, icon: 'truck', action: 'manage', subject: 'all' },
  { kind: 'link', key: 'logistics-2', title: 'nav.dashboardLogistics2', to: { name: 'apps-logistics-dashboard2' }, icon: 'truck', requiredScope: 'admin2' },
  { kind: 'link', key: 'access-control', title: 'nav.accessControl', to: { name: 'access-control' }, icon: 'shield', action: 'read', subject: 'AclDemo' },
  { kind: 'link', key: 'admin-diagnostics', title: 'nav.diagnostics', to: { name: 'admin-diagnostics' }, icon: 'stethoscope', action: 'manage', subject: 'all' },
]

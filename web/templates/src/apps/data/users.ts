import { COUNTRIES, emailOf, PEOPLE, pick } from './people'

export type RoleKey = 'admin' | 'author' | 'editor' | 'maintainer' | 'subscriber'
export type PlanKey = 'basic' | 'company' | 'enterprise' | 'team'
export type UserStatus = 'active' | 'pending' | 'inactive'

export interface DemoUser {
  id: number
  name: string
  email: string
  role: RoleKey
  plan: PlanKey
  status: UserStatus
  billing: 'autoDebit' | 'manual'
  country: string
  contact: string
  tasksDone: number
  projectsDone: number
}

const ROLES: RoleKey[] = ['subscriber', 'editor', 'author', 'maintainer', 'admin', 'subscriber']
const PLANS: PlanKey[] = ['basic', 'company', 'enterprise', 'team']
const STATUSES: UserStatus[] = ['active', 'active', 'pending', 'inactive']

export const users: DemoUser[] = PEOPLE.map((name, i) => ({
  id: i + 1,
  name,
  email: emailOf(name),
  role: pick(ROLES, i),
  plan: pick(PLANS, i),
  status: pick(STATUSES, i),
  billing: i % 2 ? 'manual' : 'autoDebit',
  country: pick(COUNTRIES, i),
  contact: `+1 (${200 + i * 7}) 555-${String(1000 + i * 113).slice(0, 4)}`,
  tasksDone: 120 + ((i * 97) % 1200),
  projectsDone: 3 + ((i * 13) % 80),
}))

export const PERMISSION_AREAS = ['userManagement', 'contentManagement', 'disputes', 'database', 'financial', 'reporting', 'api', 'repository', 'payroll'] as const
export type PermissionArea = (typeof PERMISSION_AREAS)[number]
export type Access = 'read' | 'write' | 'create'

export interface Role {
  key: RoleKey
  grants: Record<PermissionArea, Access[]>
}

function grants(areas: Partial<Record<PermissionArea, Access[]>>): Record<PermissionArea, Access[]> {
  return Object.fromEntries(PERMISSION_AREAS.map((a) => [a, areas[a] ?? []])) as Record<PermissionArea, Access[]>
}

export const roles: Role[] = [
  { key: 'admin', grants: grants(Object.fromEntries(PERMISSION_AREAS.map((a) => [a, ['read', 'write', 'create']]))) },
  { key: 'maintainer', grants: grants({ database: ['read', 'write', 'create'], api: ['read', 'write'], repository: ['read', 'write', 'create'], reporting: ['read'] }) },
  { key: 'editor', grants: grants({ contentManagement: ['read', 'write', 'create'], reporting: ['read'], disputes: ['read'] }) },
  { key: 'author', grants: grants({ contentManagement: ['read', 'write'], reporting: ['read'] }) },
  { key: 'subscriber', grants: grants({ reporting: ['read'] }) },
]

export interface Permission {
  id: number
  key: string
  roles: RoleKey[]
  created: string
}

export const permissions: Permission[] = [
  { id: 1, key: 'Management', roles: ['admin'], created: '2026-04-14T08:43:00' },
  { id: 2, key: 'Manage Billing & Roles', roles: ['admin'], created: '2026-09-16T17:20:00' },
  { id: 3, key: 'Add & Remove Users', roles: ['admin', 'maintainer'], created: '2026-10-14T10:20:00' },
  { id: 4, key: 'Project Planning', roles: ['admin', 'author', 'editor'], created: '2026-10-14T10:20:00' },
  { id: 5, key: 'Manage Email Sequences', roles: ['admin', 'editor'], created: '2026-08-23T14:00:00' },
  { id: 6, key: 'Client Communication', roles: ['admin', 'author'], created: '2026-04-15T11:30:00' },
  { id: 7, key: 'Only View', roles: ['subscriber'], created: '2026-12-04T20:15:00' },
  { id: 8, key: 'Financial Management', roles: ['admin', 'maintainer'], created: '2026-02-25T10:30:00' },
  { id: 9, key: 'Manage Others’ Tasks', roles: ['admin', 'editor'], created: '2026-11-04T11:45:00' },
]

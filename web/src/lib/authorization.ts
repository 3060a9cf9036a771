import { createMongoAbility, type MongoAbility } from '@casl/ability'
import type { AbilityRule } from './api-types'

export type AppAbility = MongoAbility

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility(rules)
}

export function canAccess(ability: AppAbility, action?: string, subject?: string): boolean {
  if (!action && !subject) return true
  return ability.can(action ?? 'read', subject ?? 'all')
}

/** What administrators, and only they, may do: the server grants admins `manage all`. */
export const ADMIN_ONLY = { action: 'manage', subject: 'all' } as const

export function isAdmin(ability: AppAbility): boolean {
  return canAccess(ability, ADMIN_ONLY.action, ADMIN_ONLY.subject)
}

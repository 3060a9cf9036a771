import { useAbility } from '@casl/react'
import type { AppAbility } from '@/lib/authorization'

export function useAppAbility(): AppAbility {
  return useAbility<AppAbility>()
}

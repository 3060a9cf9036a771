import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api-client'

/**
 * Puts server field errors next to the matching inputs and returns the
 * message for the form as a whole (null when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err)
  let unplaced = false
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    const target = fields.find((f) => f === field || field.startsWith(`${f}.`))
    if (target) setError(target, { type: 'server', message })
    else unplaced = true
  }
  if (Object.keys(err.fieldErrors).length && !unplaced) return null
  return err.detail || err.title
}

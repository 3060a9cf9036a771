import { useSyncExternalStore } from 'react'
import type { CallEncryption, CallEncryptionState } from '../e2ee/types'

const NONE = null

/** The current state of the call's key agreement, or null when the call is not encrypted. */
export function useEncryptionState(encryption: CallEncryption | null | undefined): CallEncryptionState | null {
  return useSyncExternalStore(
    (listener) => (encryption ? encryption.subscribe(listener) : () => {}),
    () => (encryption ? encryption.getState() : NONE),
  )
}

// How the call screen reaches end-to-end encryption (./e2ee, contract in
// ./e2ee/types.ts) and applies the site's policy for browsers that cannot
// encrypt. The e2ee module is loaded on demand, in its own chunk; when it
// cannot load, the call is treated as one this browser cannot encrypt, and
// the site's policy decides. Nothing pretends to encrypt.
import { useContext } from 'react'
import { SiteContext } from '@/lib/site-context'
import type { CallEncryption } from './e2ee'

/** What the call screen uses of ./e2ee. */
export type CallEncryptionModule = Pick<typeof import('./e2ee'), 'createCallEncryption' | 'isCallEncryptionSupported'>

export function loadCallEncryption(): Promise<CallEncryptionModule | null> {
  return import('./e2ee')
}

export type E2EEPolicy = 'allow' | 'refuse'

/** The site's choice for browsers that cannot encrypt a call; "allow" when the site says nothing. */
export function useE2EEPolicy(): E2EEPolicy {
  return useContext(SiteContext)?.calls?.e2eeUnsupported === 'refuse' ? 'refuse' : 'allow'
}

export type EncryptionPlan =
  /** the call is encrypted end to end with this key agreement */
  | { kind: 'encrypted'; encryption: CallEncryption }
  /** this browser cannot encrypt; the site lets the call go on, marked as unencrypted */
  | { kind: 'unencrypted' }
  /** this browser cannot encrypt and the site refuses unencrypted calls */
  | { kind: 'refused' }

/** Decides how a call between users is protected: encrypted by default. */
export async function planEncryption(identity: string, policy: E2EEPolicy, load = loadCallEncryption): Promise<EncryptionPlan> {
  const mod = await load().catch(() => null)
  if (mod && mod.isCallEncryptionSupported()) return { kind: 'encrypted', encryption: mod.createCallEncryption({ identity }) }
  return policy === 'refuse' ? { kind: 'refused' } : { kind: 'unencrypted' }
}

/** Whether this browser can take part in an encrypted call, without starting one. */
export async function canEncryptCalls(load = loadCallEncryption): Promise<boolean> {
  const mod = await load().catch(() => null)
  return mod?.isCallEncryptionSupported() ?? false
}

// How the call screen reaches end-to-end encryption (./e2ee, contract in
// ./e2ee/types.ts) and applies the site's policy for browsers that cannot
// encrypt. The e2ee module is loaded on demand, in its own chunk; while it
// is not part of the build, calls are reported as not encryptable here,
// and the site's policy decides as for any such browser. Nothing pretends
// to encrypt.
import { useContext } from 'react'
import { SiteContext } from '@/lib/site-context'
import type { CallEncryption } from './e2ee/types'

export interface CallEncryptionModule {
  createCallEncryption(opts: { identity: string }): CallEncryption
  isCallEncryptionSupported(): boolean
}

const e2eeModules = import.meta.glob<CallEncryptionModule>('./e2ee/index.ts')

export async function loadCallEncryption(): Promise<CallEncryptionModule | null> {
  const load = e2eeModules['./e2ee/index.ts']
  return load ? load() : null
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

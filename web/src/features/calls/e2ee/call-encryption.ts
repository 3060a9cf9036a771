// End-to-end encryption of a call: livekit-client encrypts every frame in a
// worker with a key only the participants know; the key agreement
// (key-agreement.ts) provides that key, one per epoch.
import { ExternalE2EEKeyProvider, createKeyMaterialFromBuffer, isE2EESupported, type E2EEOptions, type Room } from 'livekit-client'
import { KeyAgreement, type FrameKeySink, type Logger } from './key-agreement'
import { roomTransport } from './livekit-transport'
import type { CallEncryption, CallEncryptionState } from './types'

/** Key ring size of livekit's worker; epoch n uses key index n modulo this. */
export const KEYRING_SIZE = 16

/**
 * A shared-key provider whose keys are set at a chosen index, so frames of
 * the previous epoch that are still in flight decode with the previous key.
 */
export class EpochKeyProvider extends ExternalE2EEKeyProvider implements FrameKeySink {
  constructor() {
    super({ keyringSize: KEYRING_SIZE })
  }

  async setFrameKey(key: ArrayBuffer, keyIndex: number): Promise<void> {
    this.onSetEncryptionKey(await createKeyMaterialFromBuffer(key), undefined, keyIndex)
  }
}

/** Whether this browser can encrypt frames (insertable streams or RTCRtpScriptTransform). */
export function isCallEncryptionSupported(): boolean {
  return isE2EESupported() && typeof globalThis.crypto?.subtle !== 'undefined'
}

export interface CreateCallEncryptionOptions {
  /** the local participant's identity in the call */
  identity: string
  /** Creates livekit's E2EE worker; by default the one bundled from livekit-client/e2ee-worker. */
  createWorker?: () => Worker
  logger?: Logger
  /** for tests: overrides feature detection */
  supported?: boolean
}

function bundledWorker(): Worker {
  // Vite sees this pattern and bundles the worker as its own module chunk.
  return new Worker(new URL('livekit-client/e2ee-worker', import.meta.url), { type: 'module' })
}

export function createCallEncryption(opts: CreateCallEncryptionOptions): CallEncryption {
  const logger = opts.logger ?? console
  const supported = opts.supported ?? isCallEncryptionSupported()
  const keyProvider = new EpochKeyProvider()
  const listeners = new Set<(state: CallEncryptionState) => void>()
  let state: CallEncryptionState = supported
    ? { status: 'negotiating', code: null, participants: [] }
    : { status: 'unsupported', code: null, participants: [] }
  let worker: Worker | undefined
  let detachCurrent: (() => void) | undefined

  const setState = (next: CallEncryptionState) => {
    state = next
    for (const l of [...listeners]) {
      try {
        l(next)
      } catch (err) {
        logger.warn('e2ee: a state listener failed', err)
      }
    }
  }

  return {
    get e2eeOptions(): E2EEOptions {
      // The worker is made when the room is, not before: a caller that only
      // checks support or state never starts one.
      worker ??= (opts.createWorker ?? bundledWorker)()
      return { keyProvider, worker }
    },
    attach(room: Room) {
      detachCurrent?.()
      if (!supported) return () => {}
      const identity = room.localParticipant.identity || opts.identity
      if (identity !== opts.identity) logger.warn(`e2ee: the room's identity ${identity} is not ${opts.identity}; using the room's`)
      const agreement = new KeyAgreement({ identity, transport: roomTransport(room), sink: keyProvider, keyringSize: KEYRING_SIZE, logger, onState: setState })
      agreement.start().catch((err: unknown) => logger.warn('e2ee: the key agreement did not start', err))
      let attached = true
      const detach = () => {
        if (!attached) return
        attached = false
        agreement.stop()
        if (detachCurrent === detach) detachCurrent = undefined
      }
      detachCurrent = detach
      return detach
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

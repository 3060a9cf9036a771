// The contract between the call screen and end-to-end encryption of a call.
// The call room hands `e2eeOptions` to livekit-client's Room, enables E2EE,
// and calls `attach` once connected; the key agreement then keeps the frame
// key in livekit-client's ExternalE2EEKeyProvider and reports its state here.
import type { E2EEOptions, Room } from 'livekit-client'

export type CallEncryptionStatus =
  /** this browser cannot encrypt frames (no insertable streams / script transform) */
  | 'unsupported'
  /** keys are being exchanged; media is not yet decodable */
  | 'negotiating'
  /** every participant that takes part in the agreement holds the current frame key */
  | 'encrypted'
  /** the agreement failed (see `error`) */
  | 'failed'

export interface CallEncryptionState {
  status: CallEncryptionStatus
  /**
   * The short verification code every participant sees when no key was
   * substituted (digits in groups, e.g. "4821 0937 5512"); null until known.
   */
  code: string | null
  /** identities whose public keys are part of the current code */
  participants: string[]
  error?: string
}

export interface CallEncryption {
  /** Passed as RoomOptions.e2ee when the Room is created. */
  readonly e2eeOptions: E2EEOptions
  /** Starts the key agreement on a connected room; the returned function stops it. */
  attach(room: Room): () => void
  getState(): CallEncryptionState
  subscribe(listener: (state: CallEncryptionState) => void): () => void
}

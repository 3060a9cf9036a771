// End-to-end encryption of calls: see README.md in this folder.
export { createCallEncryption, isCallEncryptionSupported, type CreateCallEncryptionOptions } from './call-encryption'
export type { CallEncryption, CallEncryptionState, CallEncryptionStatus } from './types'

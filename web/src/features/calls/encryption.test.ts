import { describe, expect, it, vi } from 'vitest'
import type { CallEncryption } from './e2ee/types'
import { canEncryptCalls, planEncryption, type CallEncryptionModule } from './encryption'

const encryption = { e2eeOptions: {} } as unknown as CallEncryption

function module(supported: boolean): () => Promise<CallEncryptionModule> {
  return async () => ({ isCallEncryptionSupported: () => supported, createCallEncryption: vi.fn(() => encryption) })
}

describe('planEncryption', () => {
  it('encrypts by default where the browser can, for the signed-in identity', async () => {
    const mod = await module(true)()
    const plan = await planEncryption('u-1', 'refuse', async () => mod)
    expect(plan).toEqual({ kind: 'encrypted', encryption })
    expect(mod.createCallEncryption).toHaveBeenCalledWith({ identity: 'u-1' })
  })

  it('follows the site where the browser cannot: unencrypted and marked, or refused', async () => {
    expect(await planEncryption('u-1', 'allow', module(false))).toEqual({ kind: 'unencrypted' })
    expect(await planEncryption('u-1', 'refuse', module(false))).toEqual({ kind: 'refused' })
  })

  it('treats a missing or failing encryption module as a browser that cannot encrypt', async () => {
    expect(await planEncryption('u-1', 'allow', async () => null)).toEqual({ kind: 'unencrypted' })
    expect(await planEncryption('u-1', 'refuse', () => Promise.reject(new Error('chunk failed')))).toEqual({ kind: 'refused' })
    expect(await canEncryptCalls(async () => null)).toBe(false)
    expect(await canEncryptCalls(module(true))).toBe(true)
  })
})

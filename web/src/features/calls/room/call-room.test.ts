import { describe, expect, it } from 'vitest'
import type { CallEncryption } from '../e2ee/types'
import { roomOptionsFor } from './call-room'

describe('roomOptionsFor', () => {
  it('joins with the devices chosen last time', () => {
    const o = roomOptionsFor({ audioinput: 'mic-2', videoinput: 'cam-2', audiooutput: 'spk-2' }, null)
    expect(o.audioCaptureDefaults?.deviceId).toEqual({ ideal: 'mic-2' })
    expect(o.videoCaptureDefaults?.deviceId).toEqual({ ideal: 'cam-2' })
    expect(o.audioOutput?.deviceId).toBe('spk-2')
    expect(o.e2ee).toBeUndefined()
  })

  it('leaves the browser its defaults without a choice, and passes the encryption options', () => {
    const e2eeOptions = { keyProvider: {} as never, worker: {} as never }
    const encryption = { e2eeOptions } as CallEncryption
    const o = roomOptionsFor({}, encryption)
    expect(o.audioCaptureDefaults).toBeUndefined()
    expect(o.videoCaptureDefaults).toBeUndefined()
    expect(o.audioOutput).toBeUndefined()
    expect(o.e2ee).toBe(e2eeOptions)
  })
})

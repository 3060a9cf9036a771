import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { EventEmitter } from 'events'
import { ConnectionState, RoomEvent, type RemoteParticipant, type Room } from 'livekit-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '@/test/render'
import type { CallEncryption } from '../e2ee/types'
import CallRoom, { availablePreferences, captureFor, roomOptionsFor } from './call-room'

const media = vi.hoisted(() => ({ connect: vi.fn(), disconnect: vi.fn(), rooms: [] as import('livekit-client').Room[] }))

// The room the call creates, with connect/disconnect recorded instead of networked.
vi.mock('livekit-client', async (importOriginal) => {
  const lk = await importOriginal<typeof import('livekit-client')>()
  class RecordedRoom extends lk.Room {
    constructor(...args: ConstructorParameters<typeof lk.Room>) {
      super(...args)
      this.connect = media.connect
      this.disconnect = media.disconnect
      media.rooms.push(this)
    }
  }
  return { ...lk, Room: RecordedRoom }
})

const device = (kind: MediaDeviceKind, deviceId: string) => ({ kind, deviceId, label: deviceId, groupId: '', toJSON: () => ({}) }) as MediaDeviceInfo

describe('devices on joining', () => {
  it('asks for the remembered devices exactly, those the browser still has', async () => {
    const prefs = { audioinput: 'mic-2', videoinput: 'cam-gone', audiooutput: 'spk-2' }
    const have = async () => [device('audioinput', 'mic-1'), device('audioinput', 'mic-2'), device('videoinput', 'cam-1'), device('audiooutput', 'spk-2')]
    const found = await availablePreferences(prefs, have)
    expect(found).toEqual({ audioinput: 'mic-2', audiooutput: 'spk-2' })
    expect(captureFor(found)).toEqual({ audio: { deviceId: { exact: 'mic-2' } }, video: true })
  })

  it('leaves the browser its defaults without a choice, or when the devices cannot be listed', async () => {
    const never = vi.fn(async () => [] as MediaDeviceInfo[])
    expect(await availablePreferences({}, never)).toEqual({})
    expect(never).not.toHaveBeenCalled()
    expect(await availablePreferences({ videoinput: 'cam' }, () => Promise.reject(new Error('no')))).toEqual({})
    expect(captureFor({})).toEqual({ audio: true, video: true })
  })

  it('passes the encryption options to the room', () => {
    const e2eeOptions = { keyProvider: {} as never, worker: {} as never }
    const encryption: CallEncryption = {
      e2eeOptions,
      attach: () => () => {},
      getState: () => ({ status: 'negotiating', code: null, participants: [] }),
      subscribe: () => () => {},
    }
    expect(roomOptionsFor(encryption).e2ee).toBe(e2eeOptions)
    expect(roomOptionsFor(null).e2ee).toBeUndefined()
  })
})

describe('CallRoom', () => {
  afterEach(() => vi.clearAllMocks())

  it('does not connect again when the call screen renders it again', async () => {
    // A second connect() in the middle of a reconnection starts a fresh
    // connection and loses the call; new callbacks must not cause one.
    media.connect.mockResolvedValue(undefined)
    media.disconnect.mockResolvedValue(undefined)
    const connect = media.connect
    const props = { serverUrl: 'ws://media.test', token: 'tok', title: 'Oak desk', participantName: 'Ada' }
    // The call screen renders the room again with fresh callbacks on every change of its own.
    function Screen() {
      const [n, setN] = useState(0)
      return (
        <>
          <button onClick={() => setN(n + 1)}>render {n}</button>
          <CallRoom {...props} onConnected={() => {}} onLeave={() => {}} />
        </>
      )
    }
    renderWithI18n(<Screen />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak desk' })).toBeInTheDocument()
    await waitFor(() => expect(connect).toHaveBeenCalled())
    const settled = connect.mock.calls.length
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: `render ${i}` }))
    await screen.findByRole('button', { name: 'render 3' })
    expect(connect).toHaveBeenCalledTimes(settled)
    expect(settled).toBe(1)
    expect(connect.mock.calls[0]?.slice(0, 2)).toEqual(['ws://media.test', 'tok'])
  })

  /** Someone joins or leaves the room, as livekit-client reports it. */
  function arrive(room: Room, identity: string, name: string) {
    const p = Object.assign(new EventEmitter(), { identity, name, trackPublications: new Map(), audioTrackPublications: new Map(), videoTrackPublications: new Map() }) as unknown as RemoteParticipant
    room.remoteParticipants.set(identity, p)
    room.emit(RoomEvent.ParticipantConnected, p)
    return p
  }
  function depart(room: Room, p: RemoteParticipant) {
    room.remoteParticipants.delete(p.identity)
    room.emit(RoomEvent.ParticipantDisconnected, p)
  }

  async function renderRoom() {
    media.rooms.length = 0
    media.connect.mockResolvedValue(undefined)
    media.disconnect.mockResolvedValue(undefined)
    const onLeave = vi.fn()
    const onPeerLeft = vi.fn()
    renderWithI18n(<CallRoom serverUrl="ws://media.test" token="tok" title="Oak desk" participantName="Ada" onConnected={() => {}} onLeave={onLeave} onPeerLeft={onPeerLeft} />)
    await waitFor(() => expect(media.connect).toHaveBeenCalled())
    const room = media.rooms.at(-1)!
    media.disconnect.mockClear()
    return { room, onLeave, onPeerLeft }
  }

  function connected(room: Room) {
    Object.assign(room, { state: ConnectionState.Connected })
    room.emit(RoomEvent.Connected)
  }

  it('ends a two-person call when the other person leaves', async () => {
    const { room, onLeave, onPeerLeft } = await renderRoom()
    connected(room)
    const bob = arrive(room, 'u-2', 'Bob Seller')
    depart(room, bob)
    await waitFor(() => expect(onPeerLeft).toHaveBeenCalledExactlyOnceWith('Bob Seller'))
    expect(media.disconnect).toHaveBeenCalled()
    expect(onLeave).not.toHaveBeenCalled()
  })

  it('counts the person who was already there when we connected (the callee joining the caller)', async () => {
    const { room, onPeerLeft } = await renderRoom()
    const ana = { identity: 'u-1', name: 'Ana Buyer', trackPublications: new Map() } as unknown as RemoteParticipant
    // Known from our own join: livekit-client reports no ParticipantConnected for them.
    room.remoteParticipants.set(ana.identity, ana)
    connected(room)
    depart(room, ana)
    await waitFor(() => expect(onPeerLeft).toHaveBeenCalledExactlyOnceWith('Ana Buyer'))
  })

  it('goes on through a full reconnection, which unwinds everyone before it says it is reconnecting', async () => {
    const { room, onLeave, onPeerLeft } = await renderRoom()
    connected(room)
    const bob = arrive(room, 'u-2', 'Bob Seller')
    depart(room, bob)
    Object.assign(room, { state: ConnectionState.Reconnecting })
    room.emit(RoomEvent.Reconnecting)
    await new Promise((r) => setTimeout(r, 20))
    expect(onPeerLeft).not.toHaveBeenCalled()
    expect(onLeave).not.toHaveBeenCalled()
    expect(media.disconnect).not.toHaveBeenCalled()
  })

  it('goes on in a group call when one person leaves, and when the last of the group leaves', async () => {
    const { room, onLeave, onPeerLeft } = await renderRoom()
    connected(room)
    const bob = arrive(room, 'u-2', 'Bob Seller')
    const cy = arrive(room, 'u-3', 'Cy Friend')
    depart(room, cy)
    depart(room, bob)
    await new Promise((r) => setTimeout(r, 20))
    expect(onPeerLeft).not.toHaveBeenCalled()
    expect(onLeave).not.toHaveBeenCalled()
    expect(media.disconnect).not.toHaveBeenCalled()
  })
})

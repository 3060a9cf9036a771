import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session, SiteConfig } from '@/lib/api-types'
import { SiteContext } from '@/lib/site-context'
import { clearSession, saveSession } from '@/lib/session'
import { renderWithI18n } from '@/test/render'
import { personalChannel, sendCallMessage, sendInvitation } from '../realtime/channels'
import type { CallRoomProps } from '../room'
import { CallScreen, NO_ANSWER_FALLBACK_MS } from './call-screen'

// The in-call room is replaced by a stand-in that connects at once and
// offers the hang-up its real counterpart has; what is tested here is the
// call's life around it.
const rooms: CallRoomProps[] = []
vi.mock('../room', () => ({
  default: function FakeRoom(props: CallRoomProps) {
    rooms.push(props)
    const { onConnected } = props
    // Connected once mounted, as LiveKitRoom reports it.
    setTimeout(onConnected, 0)
    return (
      <div data-testid="room" data-unencrypted={String(!!props.unencrypted)}>
        <button onClick={() => props.onLeave()}>Hang up</button>
        <button onClick={() => props.onPeerLeft?.('Ana Seller')}>Ana leaves</button>
      </div>
    )
  },
}))

vi.mock('../realtime/channels', async (importOriginal) => {
  const real = await importOriginal<typeof import('../realtime/channels')>()
  return {
    ...real,
    connectConf: vi.fn(async () => true),
    sendInvitation: vi.fn(async () => true),
    sendCallMessage: vi.fn(async () => true),
  }
})

const session: Session = {
  userId: 'me',
  accessToken: 'acc',
  apiToken: 'api',
  expiresAt: '2099-01-01T00:00:00Z',
  user: { id: 'me', email: 'me@example.test', displayName: 'Me' },
  roles: ['user'],
  scopes: ['internal'],
  userAbilityRules: [{ action: 'read', subject: 'Listing' }],
}

let nextRoom = 0
let created: string[] = []

function stubServer() {
  created = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/calls')) {
        const roomName = `call-t${++nextRoom}`
        created.push(roomName)
        return new Response(JSON.stringify({ roomName, callerId: 'me', inviteeIds: ['ana'], state: 'ringing', createdAt: '', expiresAt: '' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        })
      }
      if (url.endsWith('/token')) return new Response(JSON.stringify({ token: 'media-token' }), { status: 200 })
      return new Response('{}', { status: 404 })
    }),
  )
}

function renderCall(path: string, site: Partial<SiteConfig> | null = null) {
  return renderWithI18n(
    <SiteContext.Provider value={site as SiteConfig | null}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/my-call" element={<CallScreen loginHref={(t) => `/login?redirecturl=${encodeURIComponent(t)}`} />} />
        </Routes>
      </MemoryRouter>
    </SiteContext.Provider>,
  )
}

function serverSays(roomName: string, state: string, userId = 'ana') {
  act(() => personalChannel.callState({ type: 'callState', roomName, state, userId }))
}

async function ringing() {
  await screen.findByTestId('ringing')
  await waitFor(() => expect(sendInvitation).toHaveBeenCalled())
  return created[created.length - 1]!
}

beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', function RTCPeerConnection() {})
  saveSession(session)
  stubServer()
  rooms.length = 0
  vi.mocked(sendInvitation).mockClear()
  vi.mocked(sendCallMessage).mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  clearSession()
})

const CALL = '/my-call?to=ana&name=Ana&title=Oak%20desk&back=%2Fmy-messages%3Fc%3Dc1'

describe('placing a call', () => {
  it('rings with a Cancel button; cancelling withdraws the invitation and shows the end screen', async () => {
    renderCall(CALL)
    const room = await ringing()
    expect(sendInvitation).toHaveBeenCalledWith(room, 'ana', 'me', { title: 'Oak desk' })
    expect(screen.getByText('Ringing…')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel call' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Call ended' })).toBeInTheDocument()
    expect(screen.getByTestId('end-reason')).toHaveTextContent('Call cancelled')
    expect(sendCallMessage).toHaveBeenCalledWith('cancelcallInvitation', 'ana', 'me', room)
    // The room is gone: camera and microphone are off.
    expect(screen.queryByTestId('room')).toBeNull()
    expect(screen.queryByLabelText(/Room name/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to the conversation' })).toHaveAttribute('href', '/my-messages?c=c1')
  })

  it('ends at once with "Declined" when the other person declines', async () => {
    renderCall(CALL)
    const room = await ringing()
    serverSays(room, 'rejected')
    expect(await screen.findByTestId('end-reason')).toHaveTextContent('Declined')
    expect(screen.queryByTestId('room')).toBeNull()
    expect(sendCallMessage).not.toHaveBeenCalled()
  })

  it('ends with "No answer" when the server says nobody answered', async () => {
    renderCall(CALL)
    const room = await ringing()
    serverSays(room, 'expired', '')
    expect(await screen.findByTestId('end-reason')).toHaveTextContent('No answer')
    expect(screen.queryByTestId('room')).toBeNull()
  })

  it('ends with "No answer" by itself when no word comes from the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderCall(CALL)
    const room = await ringing()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NO_ANSWER_FALLBACK_MS + 100)
    })
    expect(await screen.findByTestId('end-reason')).toHaveTextContent('No answer')
    expect(sendCallMessage).toHaveBeenCalledWith('cancelcallInvitation', 'ana', 'me', room)
  })

  it('stops ringing on an answer; hanging up shows the duration, and "Call again" rings again', async () => {
    renderCall(CALL)
    const room = await ringing()
    serverSays(room, 'accepted')
    await waitFor(() => expect(screen.queryByTestId('ringing')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Call ended' })).toBeInTheDocument()
    expect(screen.getByTestId('call-duration')).toHaveTextContent(/^Duration: 0:0\d$/)
    expect(screen.queryByTestId('end-reason')).toBeNull()
    expect(sendCallMessage).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Call again' }))
    const again = await ringing()
    expect(again).not.toBe(room)
    expect(sendInvitation).toHaveBeenLastCalledWith(again, 'ana', 'me', { title: 'Oak desk' })
  })

  it('goes on unencrypted, and says so, where the browser cannot encrypt and the site allows it', async () => {
    renderCall(CALL)
    await ringing()
    expect(screen.getByTestId('unencrypted-notice')).toHaveTextContent('cannot encrypt')
    expect(rooms[rooms.length - 1]!.unencrypted).toBe(true)
    expect(rooms[rooms.length - 1]!.encryption).toBeNull()
  })
})

describe('the other person hanging up', () => {
  it('ends the call here too, with who left, the duration and "Call again"', async () => {
    renderCall('/my-call?room=call-in&join=1&title=Ana&peer=ana&name=Ana')
    await screen.findByTestId('room')
    await userEvent.click(screen.getByRole('button', { name: 'Ana leaves' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Call ended' })).toBeInTheDocument()
    expect(screen.getByTestId('end-reason')).toHaveTextContent('Ana Seller left the call')
    expect(screen.getByTestId('call-duration')).toBeInTheDocument()
    expect(screen.queryByTestId('room')).toBeNull()
    expect(screen.getByRole('button', { name: 'Call again' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})

describe('a site that refuses unencrypted calls', () => {
  it('does not start the call from a browser that cannot encrypt, and says why', async () => {
    renderCall(CALL, { calls: { e2eeUnsupported: 'refuse' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'This call cannot start' })).toBeInTheDocument()
    expect(screen.getByText(/allows only encrypted calls/)).toBeInTheDocument()
    expect(screen.queryByTestId('room')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Call again' })).toBeNull()
    expect(sendInvitation).not.toHaveBeenCalled()
  })
})

describe('answering a call', () => {
  it('enters the room at once and, after hang-up, offers to call the caller back', async () => {
    renderCall('/my-call?room=call-in&join=1&title=Ana&peer=ana&name=Ana')
    await screen.findByTestId('room')
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Call ended' })).toBeInTheDocument()
    expect(screen.getByTestId('call-duration')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/my-messages')
    await userEvent.click(screen.getByRole('button', { name: 'Call again' }))
    await ringing()
    expect(sendInvitation).toHaveBeenLastCalledWith(expect.any(String), 'ana', 'me', { title: 'Ana' })
  })
})

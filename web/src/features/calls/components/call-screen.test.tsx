import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '@/lib/api-types'
import { clearSession, saveSession } from '@/lib/session'
import { renderWithI18n } from '@/test/render'
import { CallScreen } from './call-screen'

const loginHref = (target: string) => `/login?redirecturl=${encodeURIComponent(target)}`

function LoginProbe() {
  const { search } = useLocation()
  return <p>login page {search}</p>
}

function renderCall(path = '/my-call') {
  return renderWithI18n(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/my-call" element={<CallScreen loginHref={loginHref} />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  )
}

const session: Session = {
  userId: '42',
  accessToken: 'acc',
  apiToken: 'api',
  expiresAt: '2099-01-01T00:00:00Z',
  user: { id: '42', email: 'a@example.test', displayName: '' },
  roles: ['user'],
  scopes: ['internal'],
  userAbilityRules: [{ action: 'read', subject: 'Listing' }],
}

beforeEach(() => {
  // jsdom has no WebRTC; the screen refuses to start without it.
  vi.stubGlobal('RTCPeerConnection', function RTCPeerConnection() {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  clearSession()
})

async function replace(label: string, value: string) {
  const input = screen.getByLabelText(new RegExp(`^${label}`))
  await userEvent.clear(input)
  if (value) {
    await userEvent.click(input)
    await userEvent.paste(value)
  }
}

describe('CallScreen', () => {
  it('offers Login without an access token, disabled while the room name is empty', async () => {
    clearSession()
    renderCall()
    const login = screen.getByRole('link', { name: 'Sign in' })
    expect(login).toHaveAttribute('aria-disabled', 'true')
    await replace('Room name', 'team-room')
    expect(screen.getByRole('link', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled', 'true')
    expect(screen.queryByRole('button', { name: 'Join a meeting' })).toBeNull()
  })

  it('shows the room title and disables Join while a name is empty', async () => {
    saveSession(session)
    renderCall()
    expect(screen.getByTestId('room-title')).toHaveTextContent('Participant42')
    expect(screen.getByLabelText(/^Participant name/)).toHaveValue('Participant42')
    const join = screen.getByRole('button', { name: 'Join a meeting' })
    expect(join).toBeEnabled()
    await replace('Participant name', '')
    expect(join).toBeDisabled()
    await replace('Participant name', 'Ada')
    await replace('Room name', '')
    expect(join).toBeDisabled()
  })

  it('reports a failed token call with its error message', async () => {
    saveSession(session)
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ errorMessage: 'room is full' }), { status: 500 })))
    renderCall()
    await userEvent.click(screen.getByRole('button', { name: 'Join a meeting' }))
    expect(await screen.findByText('Failed to get token: room is full')).toBeInTheDocument()
    expect(localStorage.getItem('accessToken')).toBe('acc')
  })

  it('on 403 clears the stored credentials and goes to login with the redirect url', async () => {
    saveSession(session)
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ errorMessage: 'token revoked' }), { status: 403 }))
    vi.stubGlobal('fetch', fetchMock)
    renderCall('/my-call?room=abc')
    await userEvent.click(screen.getByRole('button', { name: 'Join a meeting' }))
    expect(await screen.findByText(/login page/)).toHaveTextContent('?redirecturl=%2Fmy-call%3Froom%3Dabc')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/token')
    expect(JSON.parse(init.body as string)).toEqual({ roomName: 'abc', participantName: 'Participant42' })
    await waitFor(() => {
      for (const key of ['userId', 'accessToken', 'apiToken', 'userAbilityRules']) expect(localStorage.getItem(key)).toBeNull()
    })
  })
})

import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConnectionState } from 'livekit-client'
import { describe, expect, it } from 'vitest'
import { renderWithI18n } from '@/test/render'
import type { CallEncryption, CallEncryptionState } from '../e2ee/types'
import { EncryptionStatus } from './encryption-status'
import { ReconnectingBanner } from './reconnecting-banner'
import { useEncryptionState } from './use-encryption-state'

/** A key agreement whose state the test sets. */
function agreement(initial: CallEncryptionState) {
  let state = initial
  const listeners = new Set<(s: CallEncryptionState) => void>()
  const encryption: CallEncryption = {
    e2eeOptions: { keyProvider: {} as never, worker: {} as never },
    attach: () => () => {},
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
  const set = (s: CallEncryptionState) => {
    state = s
    for (const l of listeners) l(s)
  }
  return { encryption, set, listeners }
}

function Status({ encryption, unencrypted }: { encryption: CallEncryption | null; unencrypted?: boolean }) {
  return <EncryptionStatus state={useEncryptionState(encryption)} unencrypted={unencrypted} />
}

describe('EncryptionStatus', () => {
  it('follows the key agreement from negotiating to encrypted, and shows the code on request', async () => {
    const a = agreement({ status: 'negotiating', code: null, participants: [] })
    const { unmount } = renderWithI18n(<Status encryption={a.encryption} />)
    expect(screen.getByTestId('encryption-status')).toHaveAttribute('data-status', 'negotiating')
    expect(screen.getByRole('status')).toHaveTextContent('Setting up encryption…')
    act(() => a.set({ status: 'encrypted', code: '4821 0937 5512', participants: ['a', 'b'] }))
    const button = screen.getByRole('button', { name: 'End-to-end encrypted' })
    expect(button).toHaveAttribute('data-status', 'encrypted')
    expect(screen.queryByTestId('verification-code')).toBeNull()
    await userEvent.click(button)
    const dialog = screen.getByRole('dialog', { name: 'Compare the code' })
    expect(dialog).toHaveTextContent(/Compare this code with the one the other people in the call see/)
    expect(screen.getByTestId('verification-code')).toHaveTextContent('4821 0937 5512')
    // A new key (someone joined) brings a new code.
    act(() => a.set({ status: 'encrypted', code: '1111 2222 3333', participants: ['a', 'b', 'c'] }))
    expect(screen.getByTestId('verification-code')).toHaveTextContent('1111 2222 3333')
    unmount()
    expect(a.listeners.size).toBe(0)
  })

  it('says when the agreement failed', () => {
    const a = agreement({ status: 'failed', code: null, participants: [], error: 'no public key from bob' })
    renderWithI18n(<Status encryption={a.encryption} />)
    expect(screen.getByTestId('encryption-status')).toHaveAttribute('data-status', 'failed')
    expect(screen.getByRole('alert')).toHaveTextContent('End-to-end encryption failed: no public key from bob')
  })

  it('marks a call that goes on without encryption', () => {
    const { rerender } = renderWithI18n(<Status encryption={null} unencrypted />)
    expect(screen.getByTestId('encryption-status')).toHaveAttribute('data-status', 'unencrypted')
    expect(screen.getByText('Not end-to-end encrypted')).toBeInTheDocument()
    const a = agreement({ status: 'unsupported', code: null, participants: [] })
    rerender(<Status encryption={a.encryption} unencrypted />)
    expect(screen.getByTestId('encryption-status')).toHaveAttribute('data-status', 'unsupported')
    expect(screen.getByText(/This browser cannot encrypt calls end to end/)).toBeInTheDocument()
  })

  it('shows nothing for a call without encryption that is not marked', () => {
    renderWithI18n(<Status encryption={null} />)
    expect(screen.queryByTestId('encryption-status')).toBeNull()
  })
})

describe('ReconnectingBanner', () => {
  it.each([ConnectionState.Reconnecting, ConnectionState.SignalReconnecting])('shows while %s', (state) => {
    renderWithI18n(<ReconnectingBanner state={state} />)
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…')
    expect(screen.getByTestId('reconnecting-banner')).toBeInTheDocument()
  })

  it.each([ConnectionState.Connected, ConnectionState.Connecting, ConnectionState.Disconnected])('hides while %s', (state) => {
    renderWithI18n(<ReconnectingBanner state={state} />)
    expect(screen.queryByTestId('reconnecting-banner')).toBeNull()
  })
})

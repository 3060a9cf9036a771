import { describe, expect, it } from 'vitest'
import { invitationsFrom } from './invitations'
import type { ReceivedMessage } from './realtime/messages'

const msg = (wrapperId: string, type: string, from: string, roomName: string): ReceivedMessage => ({
  wrapperId,
  senderName: from === 'ala' ? 'Ala' : undefined,
  data: { type, from, roomName, messageId: wrapperId },
})

describe('invitationsFrom', () => {
  it('keeps invitations that still ring, once per call, never our own', () => {
    const messages = [msg('w1', 'callInvitation', 'ala', 'call-1'), msg('w1b', 'callInvitation', 'ala', 'call-1'), msg('w2', 'callInvitation', 'me', 'call-2')]
    expect(invitationsFrom(messages, 'me').map((i) => [i.wrapperId, i.fromName])).toEqual([['w1', 'Ala']])
  })

  it('drops an invitation the caller withdrew', () => {
    const messages = [msg('w1', 'callInvitation', 'ala', 'call-1'), msg('w2', 'cancelcallInvitation', 'ala', 'call-1')]
    expect(invitationsFrom(messages, 'me')).toEqual([])
  })

  it('drops an invitation answered on another device, ended or expired, as the server says', () => {
    const messages = [msg('w1', 'callInvitation', 'ala', 'call-1'), msg('w2', 'callInvitation', 'ala', 'call-2'), msg('w3', 'callInvitation', 'ala', 'call-3'), msg('w4', 'callInvitation', 'ala', 'call-4')]
    const calls = {
      'call-1': { roomName: 'call-1', state: 'accepted' as const, userId: 'me' },
      'call-2': { roomName: 'call-2', state: 'expired' as const, userId: '' },
      'call-3': { roomName: 'call-3', state: 'ringing' as const, userId: 'ala' },
      'call-4': { roomName: 'call-4', state: 'ended' as const, userId: 'ala' },
    }
    expect(invitationsFrom(messages, 'me', calls).map((i) => i.roomName)).toEqual(['call-3'])
  })
})

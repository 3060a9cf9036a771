import { getSession } from '@/lib/session'
import { newId, type CallMessage, type CallMessageType } from './messages'
import { RealtimeChannel } from './realtime-channel'

const getToken = () => getSession()?.apiToken || null

/** Joined to the signed-in user's room; receives call invitations and answers. */
export const personalChannel = new RealtimeChannel('personal', { getToken })
/** Joined to the room of the current call. */
export const conferenceChannel = new RealtimeChannel('conference', { getToken })

export function connectPers(userId: string) {
  return personalChannel.connect(userId)
}

export function connectConf(roomName: string) {
  return conferenceChannel.connect(roomName)
}

/** Sends a call message to another user's personal room, waiting for our channel first. */
export async function sendCallMessage(
  type: CallMessageType,
  toUser: string,
  fromUser: string,
  roomName: string,
  messageId = newId(),
  about: { title?: string } = {},
): Promise<boolean> {
  await connectPers(fromUser)
  if (!(await personalChannel.waitConnected())) {
    console.warn('Socket not connected')
    return false
  }
  const payload: CallMessage = { type, from: fromUser, roomName, messageId, ...about }
  return personalChannel.send(toUser, payload)
}

export function sendInvitation(roomName: string, toUser: string, fromUser: string, about: { title?: string } = {}) {
  return sendCallMessage('callInvitation', toUser, fromUser, roomName, undefined, about)
}

import { useSyncExternalStore } from 'react'
import type { ChannelSnapshot, ChannelState, RealtimeChannel } from '../realtime/realtime-channel'
import { conferenceChannel, personalChannel } from '../realtime/channels'

export function useChannel(channel: RealtimeChannel): ChannelSnapshot {
  return useSyncExternalStore(channel.subscribe, channel.get, channel.get)
}

/** The connection state of both realtime channels, for the diagnostics page. */
export function useChannelStates(): { personal: ChannelState; conference: ChannelState } {
  return { personal: useChannel(personalChannel).state, conference: useChannel(conferenceChannel).state }
}

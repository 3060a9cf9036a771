import { useSyncExternalStore } from 'react'
import type { ChannelSnapshot, RealtimeChannel } from '../realtime/realtime-channel'

export function useChannel(channel: RealtimeChannel): ChannelSnapshot {
  return useSyncExternalStore(channel.subscribe, channel.get, channel.get)
}

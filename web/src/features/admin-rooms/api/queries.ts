import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { createAdminTokenSource, createRoomService } from './room-service'

// One token source for the page's lifetime in this tab.
const roomService = createRoomService({ getToken: createAdminTokenSource() })

const keys = {
  rooms: ['admin-rooms'] as const,
  participants: (room: string) => ['admin-rooms', 'participants', room] as const,
}

const REFRESH_MS = 5_000

export function useLiveRooms() {
  // The platform lists the rooms: RoomService's ListRooms would need a
  // roomList grant, which covers every site's rooms.
  return useQuery({ queryKey: keys.rooms, queryFn: async () => (await api.admin.liveRooms()).rooms, refetchInterval: REFRESH_MS })
}

export function useParticipants(room: string | null) {
  return useQuery({
    queryKey: keys.participants(room ?? ''),
    queryFn: () => roomService.listParticipants(room!),
    enabled: room !== null,
    refetchInterval: REFRESH_MS,
  })
}

export function useRemoveParticipant(room: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (identity: string) => roomService.removeParticipant(room, identity),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.rooms }),
  })
}

export function useMuteTrack(room: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { identity: string; trackSid: string }) => roomService.muteTrack(room, v.identity, v.trackSid),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.participants(room) }),
  })
}

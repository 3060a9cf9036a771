import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { PageQuery } from '@/lib/api-types'

export const messageKeys = {
  conversations: (q: PageQuery) => ['conversations', q] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
}

export function useConversations(q: PageQuery) {
  return useQuery({ queryKey: messageKeys.conversations(q), queryFn: () => api.conversations.list(q), placeholderData: keepPreviousData })
}

export function useConversationMessages(id: string | null) {
  return useQuery({
    queryKey: messageKeys.messages(id ?? ''),
    queryFn: () => api.conversations.messages(id!, { limit: 50 }),
    enabled: !!id,
    // Messages from the other side arrive without a push channel for chat, so poll while open.
    refetchInterval: 10_000,
  })
}

export function useSendMessage(conversationId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api.conversations.send(conversationId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['conversations'] }),
  })
}

export function useStartConversation() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: api.conversations.start,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['conversations'] }),
  })
}

export function useMarkRead() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: api.conversations.markRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['conversations'] }),
  })
}

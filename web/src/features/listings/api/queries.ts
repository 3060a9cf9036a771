import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { PageQuery } from '@/lib/api-types'

export const listingKeys = {
  mine: (q: PageQuery) => ['listings', 'mine', q] as const,
  offers: (q: PageQuery) => ['offers', q] as const,
  offer: (id: string) => ['offers', 'one', id] as const,
}

export function myListingsQueryOptions(q: PageQuery) {
  return queryOptions({ queryKey: listingKeys.mine(q), queryFn: () => api.listings.mine(q), placeholderData: keepPreviousData })
}

export function useMyListings(q: PageQuery) {
  return useQuery(myListingsQueryOptions(q))
}

export function useOffers(q: PageQuery) {
  return useQuery({ queryKey: listingKeys.offers(q), queryFn: () => api.offers.list(q), placeholderData: keepPreviousData })
}

export function useOffer(id: string) {
  return useQuery({ queryKey: listingKeys.offer(id), queryFn: () => api.offers.get(id) })
}

type Handler = (value: unknown) => void

/** In-page bus the realtime channels republish on ("ws-parsed", "socket-message"). */
const handlers = new Map<string, Set<Handler>>()

export const eventBus = {
  on(event: string, h: Handler): () => void {
    let set = handlers.get(event)
    if (!set) handlers.set(event, (set = new Set()))
    set.add(h)
    return () => set.delete(h)
  },
  emit(event: string, value: unknown): void {
    for (const h of handlers.get(event) ?? []) h(value)
  },
}

import { clearSession, getSession } from './session'
import { isRecord } from './is-record'
import type {
  Call,
  ChatMessage,
  ContactInput,
  Conversation,
  Listing,
  ListingImage,
  ListingInput,
  LiveRoom,
  Page,
  PageQuery,
  ProblemDetails,
  Session,
  SiteConfig,
} from './api-types'

/**
 * A failed API call. `fieldErrors` maps form field names (the last segment of
 * the problem's `location`, e.g. "body.price.amount" -> "price.amount") to the
 * server's message, so forms can show them next to the right input.
 */
export class ApiError extends Error {
  readonly status: number
  readonly title: string
  readonly detail: string
  readonly fieldErrors: Record<string, string>

  constructor(status: number, problem: ProblemDetails) {
    const title = problem.title ?? `HTTP ${status}`
    super(problem.detail ?? title)
    this.name = 'ApiError'
    this.status = status
    this.title = title
    this.detail = problem.detail ?? ''
    this.fieldErrors = toFieldErrors(problem)
  }
}

/** The /token endpoint answers `{errorMessage}` instead of a problem document. */
export class TokenError extends Error {
  readonly status: number
  readonly errorMessage: string
  constructor(status: number, errorMessage: string) {
    super(`Failed to get token: ${errorMessage}`)
    this.name = 'TokenError'
    this.status = status
    this.errorMessage = errorMessage
  }
}

export function toFieldErrors(problem: ProblemDetails): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of problem.errors ?? []) {
    if (!e.location || !e.message) continue
    const field = e.location.replace(/^(body|query|path|header)\./, '')
    // The first message per field is the one a user can act on; later ones repeat it.
    if (!(field in out)) out[field] = e.message
  }
  return out
}

export function parseProblem(body: unknown): ProblemDetails {
  if (!isRecord(body)) return {}
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(isRecord).map((e) => ({
        location: typeof e.location === 'string' ? e.location : undefined,
        message: typeof e.message === 'string' ? e.message : undefined,
        value: e.value,
      }))
    : undefined
  return {
    title: typeof body.title === 'string' ? body.title : undefined,
    status: typeof body.status === 'number' ? body.status : undefined,
    detail: typeof body.detail === 'string' ? body.detail : undefined,
    errors,
  }
}

/** The server may send null for empty lists and maps; the app relies on them being present. */
export function normalizeSite(site: SiteConfig): SiteConfig {
  return {
    ...site,
    languages: site.languages ?? [],
    additionalTranslations: site.additionalTranslations ?? {},
    redirects: site.redirects ?? [],
    navigation: site.navigation ?? [],
    extraRoutes: site.extraRoutes ?? [],
    frontpage: site.frontpage ?? { meetup: false },
  }
}

/** Id of the JSON data block in which the server inlines the site into index.html. */
export const INLINED_SITE_ID = 'souk-site'

/**
 * Takes the site configuration the server inlined into index.html, so the
 * first paint need not wait for GET /api/site. The block is removed once
 * read, so later calls ask the server for a fresh copy. Returns null when
 * the page has none (the Vite dev server) or it is not a site.
 */
export function takeInlinedSite(doc: Document | undefined = globalThis.document): SiteConfig | null {
  const el = doc?.getElementById(INLINED_SITE_ID)
  if (!el || el.getAttribute('type') !== 'application/json') return null
  el.remove()
  let data: unknown
  try {
    data = JSON.parse(el.textContent ?? '')
  } catch {
    return null
  }
  if (!isRecord(data) || typeof data.project !== 'string' || !isRecord(data.configuration)) return null
  return normalizeSite(data as unknown as SiteConfig)
}

export interface ApiClientOptions {
  baseUrl?: string
  getAccessToken: () => string | null
  getApiToken: () => string | null
  /** Called on 401 from an authenticated call so the app can drop the session. */
  onUnauthorized?: () => void
  fetchImpl?: typeof fetch
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

interface RequestOptions {
  body?: unknown
  query?: Record<string, string | number | undefined>
  auth?: boolean
  signal?: AbortSignal
}

export interface UploadProgress {
  loaded: number
  total: number
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') params.set(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const text = await res.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function createApiClient(opts: ApiClientOptions) {
  const base = opts.baseUrl ?? ''
  const doFetch = (input: string, init: RequestInit) => (opts.fetchImpl ?? fetch)(input, init)

  async function request<T>(method: Method, path: string, o: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' }
    if (o.body !== undefined) headers['Content-Type'] = 'application/json'
    const token = opts.getAccessToken()
    if (o.auth && token) headers.Authorization = `Bearer ${token}`
    let res: Response
    try {
      res = await doFetch(`${base}${path}${queryString(o.query)}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: o.signal,
      })
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err
      throw new ApiError(0, { title: 'Network error', detail: err instanceof Error ? err.message : String(err) })
    }
    const body = await readJson(res)
    if (!res.ok) {
      if (res.status === 401 && o.auth) opts.onUnauthorized?.()
      throw new ApiError(res.status, parseProblem(body))
    }
    return body as T
  }

  /** XHR instead of fetch because fetch cannot report upload progress. */
  function upload(path: string, file: File, onProgress?: (p: UploadProgress) => void): Promise<ListingImage> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', `${base}${path}`)
      const token = opts.getAccessToken()
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
      xhr.setRequestHeader('Accept', 'application/json, application/problem+json')
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total })
      }
      xhr.onerror = () => reject(new ApiError(0, { title: 'Network error', detail: 'upload failed' }))
      xhr.onload = () => {
        let body: unknown
        try {
          body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined
        } catch {
          body = undefined
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(body as ListingImage)
        else {
          if (xhr.status === 401) opts.onUnauthorized?.()
          reject(new ApiError(xhr.status, parseProblem(body)))
        }
      }
      const form = new FormData()
      form.append('file', file)
      xhr.send(form)
    })
  }

  async function mediaToken(roomName: string, participantName: string): Promise<string> {
    const apiToken = opts.getApiToken()
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (apiToken) headers.Authorization = `Bearer ${apiToken}`
    let res: Response
    try {
      res = await doFetch(`${base}/token`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ roomName, participantName }),
      })
    } catch (err) {
      throw new TokenError(0, err instanceof Error ? err.message : String(err))
    }
    const body = await readJson(res)
    const rec = isRecord(body) ? body : {}
    if (!res.ok || typeof rec.token !== 'string') {
      const msg = typeof rec.errorMessage === 'string' ? rec.errorMessage : res.statusText || `HTTP ${res.status}`
      throw new TokenError(res.status, msg)
    }
    return rec.token
  }

  return {
    site: {
      /** The inlined copy from index.html on the first call, else GET /api/site. */
      get: async (signal?: AbortSignal) =>
        takeInlinedSite() ?? normalizeSite(await request<SiteConfig>('GET', '/api/site', { signal })),
    },
    auth: {
      // Registration answers the same whether or not the address is taken,
      // so the session comes from signing in with the same credentials.
      register: async (b: { email: string; password: string; displayName: string }) => {
        await request<{ message: string }>('POST', '/api/auth/register', { body: b })
        return request<Session>('POST', '/api/auth/login', { body: { email: b.email, password: b.password } })
      },
      login: (b: { email: string; password: string }) => request<Session>('POST', '/api/auth/login', { body: b }),
      logout: () => request<void>('POST', '/api/auth/logout', { auth: true }),
      forgotPassword: (b: { email: string }) => request<Record<string, never>>('POST', '/api/auth/forgot-password', { body: b }),
      resetPassword: (b: { token: string; password: string }) =>
        request<void>('POST', '/api/auth/reset-password', { body: b }),
      google: (b: { idToken: string }) => request<Session>('POST', '/api/auth/google', { body: b }),
      me: () => request<Session>('GET', '/api/auth/me', { auth: true }),
    },
    listings: {
      mine: (q: PageQuery) => request<Page<Listing>>('GET', '/api/listings', { auth: true, query: { ...q } }),
      create: (b: ListingInput) => request<Listing>('POST', '/api/listings', { auth: true, body: b }),
      get: (id: string) => request<Listing>('GET', `/api/listings/${encodeURIComponent(id)}`, { auth: true }),
      update: (id: string, b: Partial<ListingInput>) =>
        request<Listing>('PATCH', `/api/listings/${encodeURIComponent(id)}`, { auth: true, body: b }),
      remove: (id: string) => request<void>('DELETE', `/api/listings/${encodeURIComponent(id)}`, { auth: true }),
      uploadImage: (id: string, file: File, onProgress?: (p: UploadProgress) => void) =>
        upload(`/api/listings/${encodeURIComponent(id)}/images`, file, onProgress),
      imageFromUrl: (id: string, url: string) =>
        request<ListingImage>('POST', `/api/listings/${encodeURIComponent(id)}/images/from-url`, {
          auth: true,
          body: { url },
        }),
      removeImage: (id: string, imageId: string) =>
        request<void>('DELETE', `/api/listings/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, {
          auth: true,
        }),
    },
    offers: {
      list: (q: PageQuery) => request<Page<Listing>>('GET', '/api/offers', { query: { ...q } }),
      get: (id: string) => request<Listing>('GET', `/api/offers/${encodeURIComponent(id)}`),
    },
    conversations: {
      list: (q: PageQuery) => request<Page<Conversation>>('GET', '/api/conversations', { auth: true, query: { ...q } }),
      start: (b: { recipientId: string; listingId?: string; body: string }) =>
        request<{ conversation: Conversation; message: ChatMessage }>('POST', '/api/conversations', {
          auth: true,
          body: b,
        }),
      messages: (id: string, q: { before?: string; limit?: number } = {}) =>
        request<{ items: ChatMessage[] }>('GET', `/api/conversations/${encodeURIComponent(id)}/messages`, {
          auth: true,
          query: q,
        }),
      send: (id: string, body: string) =>
        request<ChatMessage>('POST', `/api/conversations/${encodeURIComponent(id)}/messages`, {
          auth: true,
          body: { body },
        }),
      markRead: (id: string) =>
        request<void>('POST', `/api/conversations/${encodeURIComponent(id)}/read`, { auth: true }),
    },
    contact: {
      send: (b: ContactInput) => request<Record<string, never>>('POST', '/api/contact', { body: b }),
    },
    calls: {
      create: (calleeId: string) => request<Call>('POST', '/api/calls', { auth: true, body: { calleeId } }),
    },
    admin: {
      /** The site's calls running now; RoomService tokens come per room. */
      liveRooms: () => request<{ rooms: LiveRoom[] }>('GET', '/api/admin/rooms', { auth: true }),
    },
    mediaToken,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The app-wide client: bearer tokens come from the stored session; a 401 drops it. */
export const api = createApiClient({
  getAccessToken: () => getSession()?.accessToken ?? null,
  getApiToken: () => getSession()?.apiToken ?? null,
  onUnauthorized: clearSession,
})

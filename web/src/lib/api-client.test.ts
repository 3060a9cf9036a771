import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, INLINED_SITE_ID, TokenError, createApiClient, toFieldErrors } from './api-client'

function jsonResponse(status: number, body: unknown, type = 'application/json') {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': type } })
}

function client(fetchImpl: typeof fetch, onUnauthorized = vi.fn()) {
  return {
    onUnauthorized,
    api: createApiClient({
      getAccessToken: () => 'acc',
      getApiToken: () => 'api',
      onUnauthorized,
      fetchImpl,
    }),
  }
}

const problem = {
  title: 'Unprocessable Entity',
  status: 422,
  detail: 'validation failed',
  errors: [
    { location: 'body.email', message: 'must be a valid e-mail address', value: 'x' },
    { location: 'body.price.amount', message: 'must be a decimal' },
    { location: 'body.email', message: 'second message for the same field' },
  ],
}

describe('api client errors', () => {
  it('turns problem details into field errors keyed by form field', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(422, problem, 'application/problem+json'))
    const { api } = client(fetchImpl)
    const err = await api.auth.register({ email: 'x', password: 'p', displayName: 'd' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    const e = err as ApiError
    expect(e.status).toBe(422)
    expect(e.message).toBe('validation failed')
    expect(e.fieldErrors).toEqual({ email: 'must be a valid e-mail address', 'price.amount': 'must be a decimal' })
  })

  it('survives a non-JSON error body', async () => {
    const fetchImpl = vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 }))
    const e = (await client(fetchImpl).api.offers.list({}).catch((x: unknown) => x)) as ApiError
    expect(e.status).toBe(502)
    expect(e.title).toBe('HTTP 502')
    expect(e.fieldErrors).toEqual({})
  })

  it('reports network failures as status 0', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const e = (await client(fetchImpl).api.site.get().catch((x: unknown) => x)) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(0)
  })

  it('drops the session on 401 from an authenticated call only', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(401, { title: 'Unauthorized', status: 401 }))
    const c = client(fetchImpl)
    await c.api.listings.mine({}).catch(() => undefined)
    expect(c.onUnauthorized).toHaveBeenCalledTimes(1)
    await c.api.auth.login({ email: 'a@b.c', password: 'x' }).catch(() => undefined)
    expect(c.onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('sends the bearer token and query parameters', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { items: [], total: 0, page: 2, pageSize: 10 }))
    await client(fetchImpl as unknown as typeof fetch).api.listings.mine({ q: 'desk', page: 2, pageSize: 10 })
    const [url, init] = fetchImpl.mock.calls[0]!
    expect(url).toBe('/api/listings?q=desk&page=2&pageSize=10')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer acc')
  })

  it('maps problem locations without a known prefix unchanged', () => {
    expect(toFieldErrors({ errors: [{ location: 'token', message: 'expired' }] })).toEqual({ token: 'expired' })
  })
})

describe('site configuration', () => {
  it('replaces null lists from the server with empty ones', async () => {
    const body = { project: 'desks', defaultLang: 'pl', languages: null, additionalTranslations: null, redirects: null, navigation: null, extraRoutes: null, configuration: {}, frontpage: null }
    const site = await client(vi.fn(async () => jsonResponse(200, body))).api.site.get()
    expect(site).toMatchObject({ languages: [], additionalTranslations: {}, redirects: [], navigation: [], extraRoutes: [], frontpage: { meetup: false } })
  })
})

describe('inlined site configuration', () => {
  const site = { project: 'desks', defaultLang: 'pl', languages: ['pl'], additionalTranslations: null, redirects: [], navigation: [], extraRoutes: [], configuration: { AppName: 'Biurka </script>' }, frontpage: { meetup: false } }

  function inline(text: string, type = 'application/json') {
    const el = document.createElement('script')
    el.type = type
    el.id = INLINED_SITE_ID
    el.textContent = text
    document.head.append(el)
  }

  afterEach(() => document.getElementById(INLINED_SITE_ID)?.remove())

  it('reads the block in index.html once, then asks the server', async () => {
    inline(JSON.stringify(site))
    const fetchImpl = vi.fn(async () => jsonResponse(200, { ...site, project: 'fresh' }))
    const { api } = client(fetchImpl)
    const first = await api.site.get()
    expect(first.project).toBe('desks')
    expect(first.configuration.AppName).toBe('Biurka </script>')
    expect(first.additionalTranslations).toEqual({})
    expect(fetchImpl).not.toHaveBeenCalled()
    expect(document.getElementById(INLINED_SITE_ID)).toBeNull()
    expect((await api.site.get()).project).toBe('fresh')
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['malformed JSON', '{"project":', 'application/json'],
    ['a value that is not a site', '[1,2]', 'application/json'],
    ['a block that is not a JSON data block', JSON.stringify(site), 'module'],
  ])('falls back to GET /api/site on %s', async (_name, text, type) => {
    inline(text, type)
    const fetchImpl = vi.fn(async () => jsonResponse(200, { ...site, project: 'fetched' }))
    expect((await client(fetchImpl).api.site.get()).project).toBe('fetched')
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })
})

describe('media token', () => {
  it('uses the api token and returns the token', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { token: 'jwt' }))
    const token = await client(fetchImpl as unknown as typeof fetch).api.mediaToken('room1', 'Participant7')
    expect(token).toBe('jwt')
    const [url, init] = fetchImpl.mock.calls[0]!
    expect(url).toBe('/token')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer api')
    expect(JSON.parse(init.body as string)).toEqual({ roomName: 'room1', participantName: 'Participant7' })
  })

  it('fails with "Failed to get token: {errorMessage}" and keeps the status', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(403, { errorMessage: 'not invited' }))
    const e = (await client(fetchImpl).api.mediaToken('r', 'p').catch((x: unknown) => x)) as TokenError
    expect(e).toBeInstanceOf(TokenError)
    expect(e.status).toBe(403)
    expect(e.message).toBe('Failed to get token: not invited')
  })
})

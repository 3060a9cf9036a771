// Shapes of the Souk HTTP API. Kept separate from the client so feature code
// can import types without pulling in request logic.

export const LANGUAGES = ['en', 'pl', 'es', 'fr', 'it', 'pt', 'de', 'cn', 'br', 'ar'] as const
export type Lang = (typeof LANGUAGES)[number]

export type Layout = 'blank' | 'default' | 'fixed-height'

export interface PageMeta {
  layout?: Layout
  public?: boolean
  unauthenticatedOnly?: boolean
  action?: string
  subject?: string
}

export type Scope = 'internal' | 'admin2' | ''

export interface NavItemConfig {
  key: string
  title: string
  to: string
  icon?: string
  requiredScope?: Scope
}

export interface RedirectRule {
  from: string
  to: string
}

export interface ExtraRoute {
  path: string
  name: string
  component: string
  meta?: PageMeta
}

export interface SiteConfig {
  project: string
  defaultLang: Lang
  languages: string[]
  additionalTranslations: Record<string, Record<string, string>>
  redirects: RedirectRule[]
  navigation: NavItemConfig[]
  configuration: {
    AppName: string
    AppDomain: string
    AppTitle: string
    DefaultLandingAdminPage: string
    GoogleClientId?: string
    /** Client id for local host names, where the production id is not allowed. */
    GoogleClientIdLocal?: string
  }
  extraRoutes: ExtraRoute[]
  frontpage: { meetup: boolean; primaryColor?: string; theme?: { primaryColor: string } }
  /** Per-site choices about calls; absent from older servers. */
  calls?: {
    /** A browser that cannot encrypt calls end to end: go on unencrypted, marked ("allow"), or do not start ("refuse"). */
    e2eeUnsupported: 'allow' | 'refuse'
  }
}

export interface AbilityRule {
  action: string
  subject: string
}

export interface User {
  id: string
  email: string
  displayName: string
}

export interface Session {
  userId: string
  accessToken: string
  apiToken: string
  expiresAt: string
  user: User
  roles: string[]
  scopes: string[]
  userAbilityRules: AbilityRule[]
}

export interface Money {
  amount: string
  currency: string
}

export interface ListingImage {
  id: string
  url: string
  thumbnailUrl: string
  width: number
  height: number
  contentType: string
}

export interface Listing {
  id: string
  productName: string
  description: string
  price: Money
  duration: number
  location: string
  images: ListingImage[]
  owner: { id: string; displayName: string }
  createdAt: string
  updatedAt: string
}

export interface ListingInput {
  productName: string
  description: string
  price: Money
  duration: number
  location: string
}

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

export interface PageQuery {
  q?: string
  page?: number
  pageSize?: number
}

export interface ChatMessage {
  id: string
  conversationId: string
  senderId: string
  body: string
  createdAt: string
  readAt?: string
}

export interface Conversation {
  id: string
  peer: { id: string; displayName: string }
  listing?: { id: string; productName: string }
  lastMessage?: ChatMessage
  unread: number
  updatedAt: string
}

export type CallState = 'ringing' | 'accepted' | 'rejected' | 'ended' | 'expired'

export interface Call {
  roomName: string
  callerId: string
  inviteeIds: string[]
  state: CallState
  createdAt: string
  expiresAt: string
}

export interface ContactInput {
  name: string
  email: string
  message: string
}

export interface ProblemFieldError {
  location?: string
  message?: string
  value?: unknown
}

export interface ProblemDetails {
  title?: string
  status?: number
  detail?: string
  errors?: ProblemFieldError[]
}

/** A call of the admin's site running now (GET /api/admin/rooms). */
export interface LiveRoom {
  name: string
  participants: number
  /** RFC 3339 */
  createdAt: string
}

export type HelpCategory = 'gettingStarted' | 'calls' | 'account'

/** Article wording lives in the locale files under front.help.article.<key>. */
export const articles = [
  { slug: 'create-your-first-listing', key: 'firstListing', category: 'gettingStarted' },
  { slug: 'change-the-interface-language', key: 'language', category: 'gettingStarted' },
  { slug: 'schedule-a-video-call', key: 'videoCall', category: 'calls' },
  { slug: 'invite-someone-to-a-call', key: 'invite', category: 'calls' },
  { slug: 'accepted-payment-methods', key: 'payments', category: 'account' },
  { slug: 'delete-your-account', key: 'deleteAccount', category: 'account' },
] as const satisfies readonly { slug: string; key: string; category: HelpCategory }[]

export type Article = (typeof articles)[number]
export const HELP_CATEGORIES: HelpCategory[] = ['gettingStarted', 'calls', 'account']

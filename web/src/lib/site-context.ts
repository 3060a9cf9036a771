import { createContext } from 'react'
import type { SiteConfig } from './api-types'

export const SiteContext = createContext<SiteConfig | null>(null)

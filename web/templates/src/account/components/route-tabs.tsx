import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'

/** Tabs that live in the URL (`…/:tab`); an unknown tab falls back to the first one. */
export function useRouteTab<T extends string>(tabs: readonly T[]): T {
  const { tab } = useParams()
  return (tabs as readonly string[]).includes(tab ?? '') ? (tab as T) : (tabs[0] as T)
}

export function RouteTabs<T extends string>({ base, tabs, value, labelPrefix, label }: { base: string; tabs: readonly T[]; value: T; labelPrefix: string; label: string }) {
  const { t } = useTranslation('demo-ui')
  const navigate = useNavigate()
  return (
    <Tabs value={value} onChange={(_, v: T) => navigate(`${base}/${v}`)} variant="scrollable" allowScrollButtonsMobile aria-label={label} sx={{ mb: 3 }}>
      {tabs.map((k) => (
        <Tab key={k} value={k} label={t(`${labelPrefix}.${k}`)} />
      ))}
    </Tabs>
  )
}

import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import ButtonBase from '@mui/material/ButtonBase'
import {
  IconAlarm, IconArchive, IconBell, IconBolt, IconBookmark, IconBriefcase, IconBuildingStore, IconCalendar, IconCamera, IconCar, IconChartBar, IconChartPie,
  IconCheck, IconClock, IconCloud, IconCode, IconCreditCard, IconDeviceDesktop, IconDeviceMobile, IconDownload, IconEdit, IconEye, IconFile, IconFilter,
  IconFlag, IconFolder, IconGift, IconGlobe, IconHeart, IconHome, IconKey, IconLanguage, IconLayoutDashboard, IconLink, IconLock, IconMail, IconMap,
  IconMapPin, IconMessage, IconMicrophone, IconMoon, IconMusic, IconPhone, IconPhoto, IconPlus, IconPrinter, IconSearch, IconSend, IconSettings,
  IconShare, IconShieldCheck, IconShoppingCart, IconStar, IconSun, IconTag, IconTrash, IconTruck, IconUpload, IconUser, IconUsers, IconVideo, IconWallet,
} from '@tabler/icons-react'
import { useSnackbar } from 'notistack'
import { useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'

// Only the icons shown here are imported, so the page does not carry the whole set.
const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  alarm: IconAlarm, archive: IconArchive, bell: IconBell, bolt: IconBolt, bookmark: IconBookmark, briefcase: IconBriefcase, 'building-store': IconBuildingStore,
  calendar: IconCalendar, camera: IconCamera, car: IconCar, 'chart-bar': IconChartBar, 'chart-pie': IconChartPie, check: IconCheck, clock: IconClock, cloud: IconCloud,
  code: IconCode, 'credit-card': IconCreditCard, 'device-desktop': IconDeviceDesktop, 'device-mobile': IconDeviceMobile, download: IconDownload, edit: IconEdit, eye: IconEye,
  file: IconFile, filter: IconFilter, flag: IconFlag, folder: IconFolder, gift: IconGift, globe: IconGlobe, heart: IconHeart, home: IconHome, key: IconKey, language: IconLanguage,
  'layout-dashboard': IconLayoutDashboard, link: IconLink, lock: IconLock, mail: IconMail, map: IconMap, 'map-pin': IconMapPin, message: IconMessage, microphone: IconMicrophone,
  moon: IconMoon, music: IconMusic, phone: IconPhone, photo: IconPhoto, plus: IconPlus, printer: IconPrinter, search: IconSearch, send: IconSend, settings: IconSettings,
  share: IconShare, 'shield-check': IconShieldCheck, 'shopping-cart': IconShoppingCart, star: IconStar, sun: IconSun, tag: IconTag, trash: IconTrash, truck: IconTruck,
  upload: IconUpload, user: IconUser, users: IconUsers, video: IconVideo, wallet: IconWallet,
}

export function IconsDemo() {
  const { t } = useTranslation('demo-ui')
  const { enqueueSnackbar } = useSnackbar()
  const [query, setQuery] = useState('')
  const names = Object.keys(ICONS).filter((n) => n.includes(query.trim().toLowerCase()))
  const copy = async (name: string) => {
    const text = `tabler-${name}`
    try {
      await navigator.clipboard.writeText(text)
      enqueueSnackbar(t('icons.copied', { name: text }), { variant: 'success' })
    } catch {
      enqueueSnackbar(t('icons.copyFailed', { name: text }), { variant: 'warning' })
    }
  }
  return (
    <Card>
      <CardContent>
        <TextField
          type="search"
          fullWidth
          label={t('icons.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          helperText={t('icons.count', { count: names.length })}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><IconSearch size={18} /></InputAdornment> } }}
          sx={{ mb: 3 }}
        />
        {names.length === 0 && <Typography role="status">{t('icons.none')}</Typography>}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1.5 }}>
          {names.map((n) => {
            const Icon = ICONS[n] ?? IconStar
            return (
              <Tooltip key={n} title={t('icons.copyHint')}>
                <ButtonBase
                  onClick={() => void copy(n)}
                  aria-label={t('icons.copy', { name: n })}
                  sx={{ flexDirection: 'column', gap: 1, p: 1.5, borderRadius: 1.5, border: 1, borderColor: 'divider', '&:hover': { borderColor: 'primary.main', color: 'primary.main' } }}
                >
                  <Icon size={28} stroke={1.6} />
                  <Typography variant="caption" sx={{ wordBreak: 'break-all' }}>
                    {n}
                  </Typography>
                </ButtonBase>
              </Tooltip>
            )
          })}
        </Box>
      </CardContent>
    </Card>
  )
}

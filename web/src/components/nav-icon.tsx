import {
  IconBuildingStore,
  IconChartPie,
  IconCircle,
  IconHome,
  IconList,
  IconMessages,
  IconPlus,
  IconSchool,
  IconShieldLock,
  IconStethoscope,
  IconTruck,
  IconVideo,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'

type IconComponent = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>

// Site configuration names icons by word; unknown words get a neutral dot.
const ICONS: Record<string, IconComponent> = {
  home: IconHome,
  'smart-home': IconHome,
  'circle-plus': IconPlus,
  'list-details': IconList,
  'chart-pie': IconChartPie,
  plus: IconPlus,
  addnew: IconPlus,
  list: IconList,
  myitems: IconList,
  messages: IconMessages,
  mymessages: IconMessages,
  school: IconSchool,
  academy: IconSchool,
  video: IconVideo,
  chart: IconChartPie,
  truck: IconTruck,
  shield: IconShieldLock,
  store: IconBuildingStore,
  stethoscope: IconStethoscope,
}

/** True when `name` maps to an icon of its own (not the fallback dot). */
export function isKnownIcon(name: string): boolean {
  return name.toLowerCase().replace(/^tabler-/, '') in ICONS
}

export function NavIcon({ name, size = 22 }: { name: string | IconComponent; size?: number }) {
  // Site files use the "tabler-<name>" form of the icon font.
  const Icon = typeof name === 'string' ? (ICONS[name.toLowerCase().replace(/^tabler-/, '')] ?? IconCircle) : name
  return <Icon size={size} stroke={1.6} aria-hidden />
}

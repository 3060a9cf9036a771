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
  IconTruck,
  IconVideo,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'

type IconComponent = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>

// Site configuration names icons by word; unknown words get a neutral dot.
const ICONS: Record<string, IconComponent> = {
  home: IconHome,
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
}

export function NavIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Icon = ICONS[name.toLowerCase()] ?? IconCircle
  return <Icon size={size} stroke={1.6} aria-hidden />
}

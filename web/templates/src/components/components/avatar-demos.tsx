import Avatar from '@mui/material/Avatar'
import AvatarGroup from '@mui/material/AvatarGroup'
import Badge from '@mui/material/Badge'
import Stack from '@mui/material/Stack'
import { IconBell, IconHeart, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const PEOPLE = ['Amelia Clarke', 'Bruno Costa', 'Chen Wei', 'Dalia Haddad', 'Emil Nowak', 'Fatima Rahman', 'Giulia Romano']
const COLORS = ['primary.main', 'secondary.main', 'success.main', 'info.main', 'warning.main', 'error.main'] as const

function initials(name: string): string {
  return name
    .split(' ')
    .map((p) => p[0])
    .join('')
}

export function AvatarDemos() {
  const { t } = useTranslation('demo-ui')
  return (
    <DemoGrid>
      <DemoSection title={t('components.avatar.letters')}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {PEOPLE.slice(0, 6).map((p, i) => (
            <Avatar key={p} alt={p} sx={{ bgcolor: COLORS[i % COLORS.length] }}>
              {initials(p)}
            </Avatar>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.avatar.icons')}>
        <Stack direction="row" spacing={1.5}>
          <Avatar aria-label={t('components.avatar.profile')}>
            <IconUser aria-hidden />
          </Avatar>
          <Avatar variant="rounded" sx={{ bgcolor: 'error.main' }} aria-label={t('components.avatar.favourites')}>
            <IconHeart aria-hidden />
          </Avatar>
          <Avatar variant="square" sx={{ bgcolor: 'warning.main' }} aria-label={t('components.avatar.notifications')}>
            <IconBell aria-hidden />
          </Avatar>
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.avatar.sizes')}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {[24, 32, 40, 56, 72].map((s) => (
            <Avatar key={s} alt={PEOPLE[2]} sx={{ width: s, height: s, fontSize: s / 2.5 }}>
              {initials(PEOPLE[2] ?? '')}
            </Avatar>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.avatar.group')}>
        <Stack spacing={2}>
          <AvatarGroup max={4} sx={{ justifyContent: 'flex-end' }}>
            {PEOPLE.map((p, i) => (
              <Avatar key={p} alt={p} sx={{ bgcolor: COLORS[i % COLORS.length] }}>
                {initials(p)}
              </Avatar>
            ))}
          </AvatarGroup>
          <Stack direction="row" spacing={2}>
            {(['success', 'warning', 'error'] as const).map((c, i) => (
              <Badge key={c} overlap="circular" variant="dot" color={c} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
                <Avatar alt={PEOPLE[i]}>{initials(PEOPLE[i] ?? '')}</Avatar>
              </Badge>
            ))}
          </Stack>
        </Stack>
      </DemoSection>
    </DemoGrid>
  )
}

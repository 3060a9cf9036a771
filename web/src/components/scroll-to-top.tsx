import Fab from '@mui/material/Fab'
import Zoom from '@mui/material/Zoom'
import { IconArrowUp } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { themeConfig } from '@/config/theme-config'

export function ScrollToTop({ threshold = themeConfig.scrollToTopAfter }: { threshold?: number }) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [threshold])
  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        color="primary"
        size="small"
        aria-label={t('scrollTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, insetInlineEnd: 24, zIndex: 'speedDial' }}
      >
        <IconArrowUp size={20} />
      </Fab>
    </Zoom>
  )
}

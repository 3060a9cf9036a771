import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useChannel } from '../hooks/use-channel'
import { conferenceChannel, personalChannel } from '../realtime/channels'

/** One line saying whether the personal and the conference channel are connected. */
export function ChannelStatus() {
  const { t } = useTranslation()
  const personal = useChannel(personalChannel)
  const conference = useChannel(conferenceChannel)
  return (
    <Typography variant="caption" color="text.secondary" component="p" role="status">
      {t('invitation.personal')}: {t(`invitation.${personal.state}`)} · {t('invitation.conference')}: {t(`invitation.${conference.state}`)}
    </Typography>
  )
}

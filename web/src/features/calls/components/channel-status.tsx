import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useChannel } from '../hooks/use-channel'
import { conferenceChannel, personalChannel } from '../realtime/channels'

/** One line saying whether the personal and the conference channel are connected. */
export function ChannelStatus() {
  const { t } = useTranslation(['shell', 'calls'])
  const personal = useChannel(personalChannel)
  const conference = useChannel(conferenceChannel)
  return (
    <Typography variant="caption" color="text.secondary" component="p" role="status">
      {t('calls:invitation.personal')}: {t(`calls:invitation.${personal.state}`)} · {t('calls:invitation.conference')}: {t(`calls:invitation.${conference.state}`)}
    </Typography>
  )
}

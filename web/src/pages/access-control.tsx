import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Can } from '@casl/react'
import { useTranslation } from 'react-i18next'
import type { PageMeta } from '@/lib/api-types'

export const meta: PageMeta = { layout: 'default', action: 'read', subject: 'AclDemo' }

export default function AccessControlPage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('acl.title')}
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography>{t('acl.text')}</Typography>
            <Can I="manage" a="all">
              <Alert severity="info">{t('acl.canManage')}</Alert>
            </Can>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  )
}

import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { Link } from 'react-router'
import { useDemoT } from '../hooks/use-demo-t'

/** Shown when a detail page is opened with an id the sample data does not have. */
export function NotFoundCard({ backTo }: { backTo: string }) {
  const { t } = useDemoT()
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 8 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('common.recordNotFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('common.recordNotFoundText')}
        </Typography>
        <Button component={Link} to={backTo} variant="contained">
          {t('common.backToList')}
        </Button>
      </CardContent>
    </Card>
  )
}

import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link } from 'react-router'

interface Props {
  code: string
  title: string
  text: string
  actionLabel: string
  actionHref: string
}

export function ErrorScreen({ code, title, text, actionLabel, actionHref }: Props) {
  return (
    <Stack component="main" spacing={2} sx={{ flexGrow: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}>
      <Typography variant="h1" component="p" sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 600, color: 'primary.main' }} aria-hidden>
        {code}
      </Typography>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button component={Link} to={actionHref} variant="contained">
        {actionLabel}
      </Button>
    </Stack>
  )
}

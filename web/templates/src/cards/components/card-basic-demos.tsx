import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { IconHeart, IconHeartFilled, IconMapPin, IconQuote, IconShare } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

function Backdrop({ from, to, label }: { from: string; to: string; label: string }) {
  return (
    <Box role="img" aria-label={label} sx={{ height: 160, background: `linear-gradient(135deg, ${from}, ${to})`, display: 'grid', placeItems: 'center', color: '#fff' }}>
      <IconMapPin size={48} aria-hidden />
    </Box>
  )
}

export function CardBasicDemos() {
  const { t } = useTranslation('demo-ui')
  const [liked, setLiked] = useState(false)
  const [following, setFollowing] = useState(false)
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card sx={{ height: '100%' }}>
          <Backdrop from="#7367f0" to="#00bad1" label={t('cards.basic.listingImage')} />
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('cards.basic.listingTitle')}
            </Typography>
            <Typography color="text.secondary">{t('cards.basic.listingText')}</Typography>
          </CardContent>
          <CardActions>
            <Button variant="contained">{t('cards.basic.view')}</Button>
            <IconButton aria-label={liked ? t('cards.basic.unlike') : t('cards.basic.like')} aria-pressed={liked} onClick={() => setLiked((l) => !l)} color="error">
              {liked ? <IconHeartFilled /> : <IconHeart />}
            </IconButton>
            <IconButton aria-label={t('cards.basic.share')}>
              <IconShare />
            </IconButton>
          </CardActions>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Card sx={{ height: '100%', textAlign: 'center' }}>
          <CardContent>
            <Avatar sx={{ width: 80, height: 80, mx: 'auto', mb: 2, fontSize: 28 }}>DH</Avatar>
            <Typography variant="h6" component="h2">
              Dalia Haddad
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('cards.basic.role')}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'center', gap: 4, mb: 2 }}>
              {([['listings', 48], ['sold', 312], ['rating', 4.9]] as const).map(([k, v]) => (
                <Box key={k}>
                  <Typography variant="h6" component="p">
                    {v}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`cards.basic.${k}`)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Button variant={following ? 'outlined' : 'contained'} onClick={() => setFollowing((f) => !f)} aria-pressed={following}>
              {following ? t('cards.basic.following') : t('cards.basic.follow')}
            </Button>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Card sx={{ height: '100%', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <CardContent>
            <IconQuote size={36} aria-hidden />
            <Typography component="blockquote" sx={{ my: 2, color: 'inherit', fontSize: 18 }}>
              {t('cards.basic.quote')}
            </Typography>
            <Typography sx={{ color: 'inherit', opacity: 0.85 }}>— Bruno Costa, Porto</Typography>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Card sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box sx={{ width: { sm: 240 }, flexShrink: 0 }}>
            <Backdrop from="#ff9f43" to="#ea5455" label={t('cards.basic.listingImage')} />
          </Box>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('cards.basic.horizontalTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('cards.basic.horizontalText')}
            </Typography>
            <Button variant="outlined">{t('cards.basic.contact')}</Button>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  )
}

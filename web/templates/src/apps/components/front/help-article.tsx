import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Breadcrumbs from '@mui/material/Breadcrumbs'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { articles } from '../../data/help'
import { useDemoT } from '../../hooks/use-demo-t'
import { FrontShell } from './front-shell'

export function HelpArticle({ slug }: { slug: string }) {
  const { t } = useDemoT()
  const [vote, setVote] = useState<'up' | 'down' | null>(null)
  const article = articles.find((a) => a.slug === slug)
  return (
    <FrontShell>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Breadcrumbs aria-label={t('front.help.breadcrumb')} sx={{ mb: 3 }}>
          <Typography component={Link} to="/front-pages/help-center" color="primary">
            {t('front.help.title')}
          </Typography>
          {article && <Typography color="text.secondary">{t(`front.help.category.${article.category}`)}</Typography>}
        </Breadcrumbs>
        {!article ? (
          <Card>
            <CardContent>
              <Typography variant="h5" component="h1" gutterBottom>
                {t('front.help.notFound')}
              </Typography>
              <Button component={Link} to="/front-pages/help-center" variant="contained">
                {t('front.help.backToHelp')}
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Card>
                <CardContent>
                  <Typography variant="h4" component="h1" gutterBottom>
                    {t(`front.help.article.${article.key}.title`)}
                  </Typography>
                  {t(`front.help.article.${article.key}.body`)
                    .split('\n')
                    .map((p, i) => (
                      <Typography key={i} sx={{ mb: 2 }}>
                        {p}
                      </Typography>
                    ))}
                  <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 4 }}>
                    <Typography>{t('front.help.helpful')}</Typography>
                    <Button variant={vote === 'up' ? 'contained' : 'outlined'} startIcon={<IconThumbUp size={16} />} onClick={() => setVote('up')} aria-pressed={vote === 'up'}>
                      {t('common.yes')}
                    </Button>
                    <Button variant={vote === 'down' ? 'contained' : 'outlined'} startIcon={<IconThumbDown size={16} />} onClick={() => setVote('down')} aria-pressed={vote === 'down'}>
                      {t('common.no')}
                    </Button>
                  </Box>
                  {vote && (
                    <Alert severity="success" sx={{ mt: 2 }}>
                      {t('front.help.thanksFeedback')}
                    </Alert>
                  )}
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {t('front.help.related')}
                  </Typography>
                  <List dense>
                    {articles
                      .filter((a) => a.slug !== article.slug)
                      .slice(0, 4)
                      .map((a) => (
                        <ListItemButton key={a.slug} component={Link} to={`/front-pages/help-center/article/${a.slug}`}>
                          <ListItemText primary={t(`front.help.article.${a.key}.title`)} />
                        </ListItemButton>
                      ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        )}
      </Container>
    </FrontShell>
  )
}

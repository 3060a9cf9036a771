import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import InputAdornment from '@mui/material/InputAdornment'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { articles, HELP_CATEGORIES } from '../../data/help'
import { useDemoT } from '../../hooks/use-demo-t'
import { FrontShell } from './front-shell'

export function HelpCenter() {
  const { t } = useDemoT()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const found = q ? articles.filter((a) => `${t(`front.help.article.${a.key}.title`)} ${t(`front.help.article.${a.key}.body`)}`.toLowerCase().includes(q)) : []
  return (
    <FrontShell>
      <Box sx={{ bgcolor: 'action.hover', py: { xs: 6, md: 10 }, textAlign: 'center' }}>
        <Container maxWidth="sm">
          <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
            {t('front.help.title')}
          </Typography>
          <TextField
            fullWidth
            placeholder={t('front.help.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': t('front.help.search') }, input: { startAdornment: <InputAdornment position="start"><IconSearch size={18} /></InputAdornment>, sx: { bgcolor: 'background.paper' } } }}
          />
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        {q ? (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('front.help.results', { n: found.length })}
              </Typography>
              {found.length === 0 && <Typography color="text.secondary">{t('front.help.noResults')}</Typography>}
              <List>
                {found.map((a) => (
                  <ListItemButton key={a.slug} component={Link} to={`/front-pages/help-center/article/${a.slug}`}>
                    <ListItemText primary={t(`front.help.article.${a.key}.title`)} />
                  </ListItemButton>
                ))}
              </List>
            </CardContent>
          </Card>
        ) : (
          <Grid container spacing={4}>
            {HELP_CATEGORIES.map((c) => (
              <Grid key={c} size={{ xs: 12, md: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {t(`front.help.category.${c}`)}
                    </Typography>
                    <List dense>
                      {articles
                        .filter((a) => a.category === c)
                        .map((a) => (
                          <ListItemButton key={a.slug} component={Link} to={`/front-pages/help-center/article/${a.slug}`}>
                            <ListItemText primary={t(`front.help.article.${a.key}.title`)} />
                          </ListItemButton>
                        ))}
                    </List>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
        <Box sx={{ textAlign: 'center', mt: 8 }}>
          <Typography variant="h5" component="h2">
            {t('front.help.stillNeed')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('front.help.stillNeedText')}
          </Typography>
          <Typography component={Link} to="/front-pages/landing-page#contact-title" color="primary">
            {t('front.help.contactUs')}
          </Typography>
        </Box>
      </Container>
    </FrontShell>
  )
}

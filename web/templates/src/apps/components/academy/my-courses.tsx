import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import Pagination from '@mui/material/Pagination'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { courses, type Topic } from '../../data/academy'
import { useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'
import { CourseCard } from './course-card'

const PAGE_SIZE = 6
const TOPICS: Topic[] = ['web', 'design', 'video', 'business', 'language']

export function MyCourses() {
  const { t } = useDemoT()
  const [query, setQuery] = useState('')
  const [topic, setTopic] = useState<Topic | ''>('')
  const [hideCompleted, setHideCompleted] = useState(false)
  const [page, setPage] = useState(1)
  const filtered = courses.filter((c) => (!topic || c.topic === topic) && (!hideCompleted || c.done < c.lessons) && c.title.toLowerCase().includes(query.toLowerCase()))
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  return (
    <>
      <PageHeader title={t('academy.myCourses')} subtitle={t('academy.myCoursesSub', { n: courses.length })} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center', mb: 4 }}>
            <TextField size="small" label={t('academy.searchCourse')} value={query} onChange={(e) => (setQuery(e.target.value), setPage(1))} sx={{ flex: '1 1 200px' }} />
            <TextField select size="small" label={t('academy.topicField')} value={topic} onChange={(e) => (setTopic(e.target.value as Topic | ''), setPage(1))} sx={{ minWidth: 180 }}>
              <MenuItem value="">{t('common.all')}</MenuItem>
              {TOPICS.map((x) => (
                <MenuItem key={x} value={x}>
                  {t(`academy.topic.${x}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={hideCompleted} onChange={(e) => (setHideCompleted(e.target.checked), setPage(1))} />} label={t('academy.hideCompleted')} />
          </Box>
          <Grid container spacing={4}>
            {filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((c) => (
              <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <CourseCard course={c} />
              </Grid>
            ))}
          </Grid>
          {filtered.length === 0 && <Typography color="text.secondary">{t('academy.noCourses')}</Typography>}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
            <Pagination count={pages} page={current} onChange={(_, p) => setPage(p)} color="primary" aria-label={t('common.pagination')} />
          </Box>
        </CardContent>
      </Card>
    </>
  )
}

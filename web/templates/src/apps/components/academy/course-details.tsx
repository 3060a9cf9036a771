import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Checkbox from '@mui/material/Checkbox'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconPlayerPlay } from '@tabler/icons-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { courses, syllabus } from '../../data/academy'
import { initials, pick } from '../../data/people'
import { useDemoT } from '../../hooks/use-demo-t'
import { PageHeader } from '../page-header'

export function CourseDetails() {
  const { t } = useDemoT()
  const [params] = useSearchParams()
  const course = courses.find((c) => String(c.id) === params.get('course')) ?? pick(courses, 1)
  const all = syllabus.flatMap((c) => c.lessons)
  const [done, setDone] = useState<string[]>(['1-1', '1-2'])
  const [current, setCurrent] = useState(pick(all, 2).id)
  const lesson = all.find((l) => l.id === current) ?? pick(all, 0)
  const pct = Math.round((done.length / all.length) * 100)
  const toggle = (id: string) => setDone((d) => (d.includes(id) ? d.filter((x) => x !== id) : [...d, id]))

  return (
    <>
      <PageHeader title={course.title} subtitle={t(`academy.topic.${course.topic}`)} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.900', color: 'common.white', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }} role="img" aria-label={t('academy.nowPlaying', { title: lesson.title })}>
              <Box>
                <IconPlayerPlay size={56} aria-hidden />
                <Typography variant="h6">{lesson.title}</Typography>
                <Typography variant="body2">{t('academy.minutes', { n: lesson.minutes })}</Typography>
              </Box>
            </Box>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('academy.aboutCourse')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                {t('academy.aboutText', { title: course.title })}
              </Typography>
              <Divider sx={{ mb: 3 }} />
              <Grid container spacing={2}>
                {(
                  [
                    ['academy.stat.level', t('academy.level.all')],
                    ['academy.stat.students', '38,815'],
                    ['academy.stat.languages', t('academy.english')],
                    ['academy.stat.lectures', String(course.lessons)],
                    ['academy.stat.video', t('academy.hours', { n: course.hours })],
                    ['academy.stat.rating', `${course.rating} / 5`],
                  ] as const
                ).map(([k, v]) => (
                  <Grid key={k} size={{ xs: 6, sm: 4 }}>
                    <Typography variant="caption" color="text.secondary">
                      {t(k)}
                    </Typography>
                    <Typography variant="body2">{v}</Typography>
                  </Grid>
                ))}
              </Grid>
              <Divider sx={{ my: 3 }} />
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <Avatar>{initials(course.instructor)}</Avatar>
                <Box>
                  <Typography variant="subtitle2">{course.instructor}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('academy.instructor')}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" component="h2">
                {t('academy.yourProgress')}
              </Typography>
              <LinearProgress variant="determinate" value={pct} sx={{ my: 1 }} aria-label={t('academy.yourProgress')} />
              <Typography variant="caption" color="text.secondary">
                {t('academy.lessonsDone', { done: done.length, total: all.length })}
              </Typography>
            </CardContent>
            {syllabus.map((ch, i) => (
              <Accordion key={ch.id} defaultExpanded={i === 0} disableGutters elevation={0}>
                <AccordionSummary expandIcon={<IconChevronDown size={18} />}>
                  <Box>
                    <Typography variant="subtitle2">{ch.title}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('academy.lessonsDone', { done: ch.lessons.filter((l) => done.includes(l.id)).length, total: ch.lessons.length })}
                    </Typography>
                  </Box>
                </AccordionSummary>
                <AccordionDetails sx={{ display: 'grid', gap: 0.5 }}>
                  {ch.lessons.map((l) => (
                    <Box key={l.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', bgcolor: l.id === current ? 'action.selected' : undefined, borderRadius: 1, paddingInlineEnd: 1 }}>
                      <FormControlLabel control={<Checkbox size="small" checked={done.includes(l.id)} onChange={() => toggle(l.id)} />} label={l.title} sx={{ m: 0, flex: 1 }} />
                      <Typography component="button" variant="caption" onClick={() => setCurrent(l.id)} sx={{ all: 'unset', cursor: 'pointer', color: 'primary.main', '&:focus-visible': { outline: 2 } }} aria-label={t('academy.playLesson', { title: l.title })}>
                        {t('academy.minutes', { n: l.minutes })}
                      </Typography>
                    </Box>
                  ))}
                </AccordionDetails>
              </Accordion>
            ))}
          </Card>
        </Grid>
      </Grid>
    </>
  )
}

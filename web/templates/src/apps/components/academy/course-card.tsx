import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Rating from '@mui/material/Rating'
import Typography from '@mui/material/Typography'
import { Link } from 'react-router'
import type { Course } from '../../data/academy'
import { useDemoT } from '../../hooks/use-demo-t'

const TOPIC_COLOR = { web: 'primary', design: 'success', video: 'error', business: 'info', language: 'warning' } as const

export function CourseCard({ course }: { course: Course }) {
  const { t } = useDemoT()
  const pct = Math.round((course.done / course.lessons) * 100)
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ height: 110, bgcolor: `${TOPIC_COLOR[course.topic]}.main`, opacity: 0.85 }} aria-hidden />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Chip size="small" color={TOPIC_COLOR[course.topic]} label={t(`academy.topic.${course.topic}`)} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Rating value={course.rating} precision={0.1} readOnly size="small" aria-label={t('academy.ratingOf5', { n: course.rating })} />
            <Typography variant="caption">({course.reviews})</Typography>
          </Box>
        </Box>
        <Typography variant="subtitle1" component="h3">
          {course.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {course.instructor} · {t('academy.hours', { n: course.hours })}
        </Typography>
        {pct === 100 ? (
          <Typography variant="body2" color="success.main">
            {t('academy.completed')}
          </Typography>
        ) : (
          <>
            <LinearProgress variant="determinate" value={pct} aria-label={t('academy.progressOf', { title: course.title })} />
            <Typography variant="caption" color="text.secondary">
              {t('academy.lessonsDone', { done: course.done, total: course.lessons })}
            </Typography>
          </>
        )}
        <Button component={Link} to={`/apps/academy/course-details?course=${course.id}`} variant="outlined" size="small" sx={{ justifySelf: 'start', mt: 1 }}>
          {pct === 0 ? t('academy.start') : pct === 100 ? t('academy.review') : t('academy.continue')}
        </Button>
      </CardContent>
    </Card>
  )
}

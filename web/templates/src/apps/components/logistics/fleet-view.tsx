import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconPlayerPause, IconPlayerPlay, IconTruck } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { vehicles, type Vehicle } from '../../data/logistics'
import { pick } from '../../data/people'
import { useDemoT } from '../../hooks/use-demo-t'
import { useNumberFormat } from '../../../kit/number-format'

/** Point reached after `progress` percent of a polyline. */
function pointAt(path: [number, number][], progress: number): [number, number] {
  const pairs = path.slice(1).map((b, i) => [pick(path, i), b] as const)
  const lengths = pairs.map(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]))
  let left = (lengths.reduce((x, y) => x + y, 0) * progress) / 100
  for (const [i, [a, b]] of pairs.entries()) {
    const len = pick(lengths, i)
    if (left <= len) {
      const r = len === 0 ? 0 : left / len
      return [a[0] + (b[0] - a[0]) * r, a[1] + (b[1] - a[1]) * r]
    }
    left -= len
  }
  return pick(path, path.length - 1)
}

export function FleetView() {
  const { t } = useDemoT()
  const nf = useNumberFormat()
  const [fleet, setFleet] = useState<Vehicle[]>(() => vehicles.slice(0, 6))
  const [selected, setSelected] = useState(() => pick(vehicles, 0).id)
  const [running, setRunning] = useState(false)

  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => setFleet((list) => list.map((v) => ({ ...v, progress: v.progress >= 100 ? 0 : v.progress + 1 }))), 200)
    return () => window.clearInterval(timer)
  }, [running])

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, flex: 1, minHeight: 0 }}>
      <Card sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0, overflowY: 'auto', maxHeight: { xs: '45%', md: 'none' } }}>
        <Box sx={{ p: 3, display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
          <Typography variant="h6" component="h1">
            {t('logi.fleet')}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => setRunning((r) => !r)} startIcon={running ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}>
            {running ? t('logi.pause') : t('logi.simulate')}
          </Button>
        </Box>
        {fleet.map((v) => (
          <Accordion key={v.id} expanded={selected === v.id} onChange={() => setSelected(v.id)} disableGutters elevation={0}>
            <AccordionSummary expandIcon={<IconChevronDown size={18} />} aria-controls={`${v.id}-panel`}>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <IconTruck size={20} aria-hidden />
                <Box>
                  <Typography variant="subtitle2">{v.id}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {v.driver}
                  </Typography>
                </Box>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`${v.id}-panel`}>
              <Typography variant="body2">{t('logi.routeFromTo', { from: v.from, to: v.to })}</Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
                <LinearProgress variant="determinate" value={v.progress} sx={{ flex: 1 }} aria-label={t('logi.progress')} />
                <Typography variant="caption">{nf.percent(v.progress)}</Typography>
              </Box>
              <Typography variant="caption" color={v.warnings === 'none' ? 'success.main' : 'warning.main'}>
                {t(`logi.warning.${v.warnings}`)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Card>
      <Card sx={{ flex: 1, minHeight: 240, position: 'relative' }}>
        <Box component="svg" direction="ltr" viewBox="0 0 100 60" role="img" aria-label={t('logi.fleetMap')} sx={{ width: '100%', height: '100%', display: 'block', bgcolor: 'action.hover' }}>
          {[10, 20, 30, 40, 50].map((y) => (
            <line key={`h${y}`} x1={0} x2={100} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.06} strokeWidth={0.2} />
          ))}
          {[20, 40, 60, 80].map((x) => (
            <line key={`v${x}`} x1={x} x2={x} y1={0} y2={60} stroke="currentColor" strokeOpacity={0.06} strokeWidth={0.2} />
          ))}
          {fleet.map((v) => {
            const [x, y] = pointAt(v.path, v.progress)
            const active = v.id === selected
            return (
              <g key={v.id} onClick={() => setSelected(v.id)} style={{ cursor: 'pointer' }}>
                <title>{`${v.id} · ${v.driver}`}</title>
                <polyline points={v.path.map((p) => p.join(',')).join(' ')} fill="none" stroke={active ? '#7367F0' : '#a8aaae'} strokeWidth={active ? 0.8 : 0.4} strokeDasharray={active ? undefined : '1 1'} />
                <circle cx={x} cy={y} r={active ? 1.8 : 1.2} fill={active ? '#7367F0' : '#28C76F'} stroke="#fff" strokeWidth={0.3} />
              </g>
            )
          })}
        </Box>
      </Card>
    </Box>
  )
}

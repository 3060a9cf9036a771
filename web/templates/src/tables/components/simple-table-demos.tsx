import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardHeader from '@mui/material/CardHeader'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Typography from '@mui/material/Typography'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import { Fragment, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EMPLOYEES, STATUS_COLOR, type Employee } from '../data/employees'
import { intlLocale } from '../../apps/hooks/use-demo-t'

type SortKey = 'name' | 'city' | 'age' | 'salary'

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section">
      <CardHeader title={title} action={action} slotProps={{ title: { component: 'h2', variant: 'h6' } }} sx={{ flexWrap: 'wrap', gap: 1 }} />
      {children}
    </Card>
  )
}

export function SimpleTableDemos() {
  const { t, i18n } = useTranslation('demo-ui')
  const [dense, setDense] = useState(false)
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'name', dir: 'asc' })
  const [openRow, setOpenRow] = useState<number | null>(null)
  const money = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
  const basic = EMPLOYEES.slice(0, 6)
  const sorted = useMemo(() => {
    const rows = EMPLOYEES.slice(0, 10)
    const f = sort.dir === 'asc' ? 1 : -1
    return [...rows].sort((a, b) => {
      const x = a[sort.key]
      const y = b[sort.key]
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), i18n.language)) * f
    })
  }, [sort, i18n.language])
  const sortBy = (key: SortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))
  const head = (key: SortKey, numeric = false) => (
    <TableCell align={numeric ? 'right' : 'left'} sortDirection={sort.key === key ? sort.dir : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key ? sort.dir : 'asc'} onClick={() => sortBy(key)}>
        {t(`tables.cols.${key}`)}
      </TableSortLabel>
    </TableCell>
  )
  const statusChip = (e: Employee) => <Chip size="small" variant="outlined" color={STATUS_COLOR[e.status]} label={t(`tables.status.${e.status}`)} />

  return (
    <Stack spacing={3}>
      <Section title={t('tables.basicTitle')} action={<FormControlLabel control={<Switch checked={dense} onChange={(e) => setDense(e.target.checked)} />} label={t('tables.dense')} />}>
        <TableContainer>
          <Table size={dense ? 'small' : 'medium'} aria-label={t('tables.basicTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tables.cols.name')}</TableCell>
                <TableCell>{t('tables.cols.email')}</TableCell>
                <TableCell>{t('tables.cols.post')}</TableCell>
                <TableCell>{t('tables.cols.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {basic.map((e) => (
                <TableRow key={e.id} hover>
                  <TableCell>{e.name}</TableCell>
                  <TableCell>{e.email}</TableCell>
                  <TableCell>{e.post}</TableCell>
                  <TableCell>{statusChip(e)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
      <Section title={t('tables.sortTitle')}>
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table stickyHeader size="small" aria-label={t('tables.sortTitle')}>
            <TableHead>
              <TableRow>
                {head('name')}
                {head('city')}
                {head('age', true)}
                {head('salary', true)}
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((e) => (
                <TableRow key={e.id} hover>
                  <TableCell>{e.name}</TableCell>
                  <TableCell>{e.city}</TableCell>
                  <TableCell align="right">{e.age}</TableCell>
                  <TableCell align="right">{money.format(e.salary)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
      <Section title={t('tables.collapsibleTitle')}>
        <TableContainer>
          <Table aria-label={t('tables.collapsibleTitle')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48 }} />
                <TableCell>{t('tables.cols.name')}</TableCell>
                <TableCell>{t('tables.cols.city')}</TableCell>
                <TableCell align="right">{t('tables.cols.salary')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {basic.map((e) => (
                <Fragment key={e.id}>
                  <TableRow sx={{ '& > td': { borderBottom: 'unset' } }}>
                    <TableCell>
                      <IconButton size="small" aria-expanded={openRow === e.id} aria-label={t('tables.details', { name: e.name })} onClick={() => setOpenRow((o) => (o === e.id ? null : e.id))}>
                        {openRow === e.id ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
                      </IconButton>
                    </TableCell>
                    <TableCell>{e.name}</TableCell>
                    <TableCell>{e.city}</TableCell>
                    <TableCell align="right">{money.format(e.salary)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell sx={{ py: 0 }} colSpan={4}>
                      <Collapse in={openRow === e.id} unmountOnExit>
                        <Box sx={{ py: 2 }}>
                          <Typography variant="body2">
                            {t('tables.detailLine', { post: e.post, date: new Date(e.startDate).toLocaleDateString(intlLocale(i18n.language)), age: e.age })}
                          </Typography>
                          <Box sx={{ mt: 1 }}>{statusChip(e)}</Box>
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
    </Stack>
  )
}

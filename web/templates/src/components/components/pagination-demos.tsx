import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Pagination from '@mui/material/Pagination'
import Stack from '@mui/material/Stack'
import TablePagination from '@mui/material/TablePagination'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DemoGrid } from '../../kit/components/demo-grid'
import { DemoSection } from './demo-section'

const CITIES = ['Lisbon', 'Warsaw', 'Madrid', 'Lyon', 'Turin', 'Porto', 'Munich', 'Shenzhen', 'Recife', 'Cairo', 'Gdańsk', 'Seville', 'Nantes', 'Bologna', 'Braga', 'Hamburg', 'Chengdu', 'Curitiba', 'Amman', 'Kraków', 'Valencia', 'Lille', 'Naples']

export function PaginationDemos() {
  const { t } = useTranslation('demo-ui')
  const [page, setPage] = useState(1)
  const [tablePage, setTablePage] = useState(0)
  const [rows, setRows] = useState(5)
  const per = 5
  const pages = Math.ceil(CITIES.length / per)
  return (
    <DemoGrid>
      <DemoSection title={t('components.pagination.variants')}>
        <Stack spacing={2}>
          <Pagination count={10} color="primary" aria-label={t('components.pagination.label')} />
          <Pagination count={10} variant="outlined" shape="rounded" color="secondary" aria-label={t('components.pagination.label')} />
          <Pagination count={10} size="small" siblingCount={0} showFirstButton showLastButton aria-label={t('components.pagination.label')} />
        </Stack>
      </DemoSection>
      <DemoSection title={t('components.pagination.controlled')} subheader={t('common.pageOf', { page, pages })}>
        <List dense>
          {CITIES.slice((page - 1) * per, page * per).map((c) => (
            <ListItem key={c}>
              <ListItemText primary={c} />
            </ListItem>
          ))}
        </List>
        <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} color="primary" aria-label={t('components.pagination.label')} />
      </DemoSection>
      <DemoSection title={t('components.pagination.table')}>
        <List dense>
          {CITIES.slice(tablePage * rows, tablePage * rows + rows).map((c) => (
            <ListItem key={c}>
              <ListItemText primary={c} />
            </ListItem>
          ))}
        </List>
        <TablePagination
          component="div"
          count={CITIES.length}
          page={tablePage}
          onPageChange={(_, p) => setTablePage(p)}
          rowsPerPage={rows}
          rowsPerPageOptions={[5, 10]}
          onRowsPerPageChange={(e) => {
            setRows(Number(e.target.value))
            setTablePage(0)
          }}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        />
      </DemoSection>
    </DemoGrid>
  )
}

import Pagination from '@mui/material/Pagination'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (p: number) => void }) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
      <Pagination count={pages} page={page} onChange={(_, p) => onChange(p)} color="primary" siblingCount={0} />
      <Typography variant="caption" color="text.secondary">
        {t('common.pageOf', { page, pages })}
      </Typography>
    </Stack>
  )
}

import Box from '@mui/material/Box'
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid'
import { arSD, deDE, esES, frFR, itIT, plPL, ptBR, ptPT, zhCN } from '@mui/x-data-grid/locales'
import { useTranslation } from 'react-i18next'
import { cspNonce } from '@/lib/csp-nonce'

const GRID_TEXT: Record<string, DataGridProps['localeText']> = {
  pl: plPL.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  it: itIT.components.MuiDataGrid.defaultProps.localeText,
  pt: ptPT.components.MuiDataGrid.defaultProps.localeText,
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  cn: zhCN.components.MuiDataGrid.defaultProps.localeText,
  br: ptBR.components.MuiDataGrid.defaultProps.localeText,
  ar: arSD.components.MuiDataGrid.defaultProps.localeText,
}

/** A data grid that sorts, filters and pages, speaking the interface language. */
export function DemoDataGrid<R extends GridValidRowModel>(props: DataGridProps<R> & { label: string }) {
  const { i18n } = useTranslation()
  const { label, ...rest } = props
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <DataGrid<R>
        nonce={cspNonce}
        aria-label={label}
        localeText={GRID_TEXT[i18n.language]}
        pageSizeOptions={[5, 10, 25]}
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        disableRowSelectionOnClick
        autoHeight
        {...rest}
      />
    </Box>
  )
}

import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import InvoiceAdd from '../../pages/apps/invoice/add'
import InvoiceEdit from '../../pages/apps/invoice/edit/[id]'
import InvoiceList from '../../pages/apps/invoice/list'
import InvoicePreview from '../../pages/apps/invoice/preview/[id]'
import Permissions from '../../pages/apps/permissions'
import Roles from '../../pages/apps/roles'
import UserList from '../../pages/apps/user/list'
import UserView from '../../pages/apps/user/view/[id]'
import { renderPage } from './render-page'

describe('invoices, users, roles and permissions', { timeout: 30_000 }, () => {
  it('invoice list and preview render', () => {
    renderPage(InvoiceList)
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument()
    renderPage(InvoicePreview, { url: '/apps/invoice/preview/4987', pattern: '/apps/invoice/preview/:id' })
    expect(screen.getByRole('heading', { name: 'Invoice #4987' })).toBeInTheDocument()
  })

  it('the invoice editor recalculates the total', () => {
    renderPage(InvoiceEdit, { url: '/apps/invoice/edit/4988', pattern: '/apps/invoice/edit/:id' })
    const before = screen.getByTestId('invoice-total').textContent
    fireEvent.change(screen.getAllByRole('spinbutton', { name: 'Quantity' })[0] as HTMLElement, { target: { value: '9' } })
    expect(screen.getByTestId('invoice-total').textContent).not.toBe(before)
  })

  it('a new invoice needs a client and a due date', () => {
    renderPage(InvoiceAdd)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getAllByText('This field is required.').length).toBe(2)
  })

  it('users, roles and permissions render', () => {
    renderPage(UserList)
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument()
    renderPage(UserView, { url: '/apps/user/view/1', pattern: '/apps/user/view/:id' })
    expect(screen.getByRole('heading', { name: 'Zsazsa McCleverty' })).toBeInTheDocument()
    renderPage(Roles)
    expect(screen.getByRole('heading', { name: 'Roles', level: 1 })).toBeInTheDocument()
    renderPage(Permissions)
    expect(screen.getByRole('heading', { name: 'Permissions' })).toBeInTheDocument()
  })

  it('a permission needs a role', () => {
    renderPage(Permissions)
    fireEvent.click(screen.getByRole('button', { name: 'Add permission' }))
    fireEvent.change(screen.getByRole('textbox', { name: /Permission name/ }), { target: { value: 'Export reports' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Choose at least one role.')).toBeInTheDocument()
  })
})

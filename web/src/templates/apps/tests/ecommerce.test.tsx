import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CustomerDetails from '@/pages/apps/ecommerce/customer/details/[id]'
import CustomerList from '@/pages/apps/ecommerce/customer/list'
import ManageReview from '@/pages/apps/ecommerce/manage-review'
import OrderDetails from '@/pages/apps/ecommerce/order/details/[id]'
import OrderList from '@/pages/apps/ecommerce/order/list'
import ProductAdd from '@/pages/apps/ecommerce/product/add'
import CategoryList from '@/pages/apps/ecommerce/product/category-list'
import ProductList from '@/pages/apps/ecommerce/product/list'
import Referrals from '@/pages/apps/ecommerce/referrals'
import Settings from '@/pages/apps/ecommerce/settings'
import { renderPage } from './render-page'

describe('ecommerce app', { timeout: 30_000 }, () => {
  for (const [Page, name] of [
    [ProductList, 'Products'],
    [CategoryList, 'Categories'],
    [CustomerList, 'Customers'],
    [OrderList, 'Orders'],
    [ManageReview, 'Manage reviews'],
    [Referrals, 'Referrals'],
  ] as const) {
    it(`${name} renders its heading and grid`, () => {
      renderPage(Page)
      expect(screen.getByRole('heading', { name, level: 1 })).toBeInTheDocument()
      expect(screen.getAllByRole('grid').length).toBeGreaterThan(0)
    })
  }

  it('details pages read the id and handle unknown ones', () => {
    renderPage(CustomerDetails, { url: '/apps/ecommerce/customer/details/1000', pattern: '/apps/ecommerce/customer/details/:id' })
    expect(screen.getByRole('heading', { name: 'Customer #1000' })).toBeInTheDocument()
    renderPage(OrderDetails, { url: '/apps/ecommerce/order/details/nope', pattern: '/apps/ecommerce/order/details/:id' })
    expect(screen.getByRole('heading', { name: 'Record not found' })).toBeInTheDocument()
  })

  it('order details can be marked as shipped', () => {
    renderPage(OrderDetails, { url: '/apps/ecommerce/order/details/5401', pattern: '/apps/ecommerce/order/details/:id' })
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }))
    expect(screen.getByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument()
  })

  it('product form says why it cannot be published', async () => {
    renderPage(ProductAdd)
    await userEvent.click(screen.getByRole('button', { name: 'Publish product' }))
    expect(await screen.findByText('Some fields need your attention before saving.')).toBeInTheDocument()
    expect(screen.getByText('Enter at least 20 characters.')).toBeInTheDocument()
  })

  it('settings validate the store details', async () => {
    renderPage(Settings)
    const name = screen.getByRole('textbox', { name: /Store name/ })
    await userEvent.clear(name)
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Enter at least 3 characters.')).toBeInTheDocument()
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Store settings' })).getByText('Shipping zones'))
    expect(screen.getByRole('table', { name: 'Shipping zones' })).toBeInTheDocument()
  })
})

import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CustomerDetails from '../../pages/apps/ecommerce/customer/details/[id]'
import CustomerList from '../../pages/apps/ecommerce/customer/list'
import ManageReview from '../../pages/apps/ecommerce/manage-review'
import OrderDetails from '../../pages/apps/ecommerce/order/details/[id]'
import OrderList from '../../pages/apps/ecommerce/order/list'
import ProductAdd from '../../pages/apps/ecommerce/product/add'
import CategoryList from '../../pages/apps/ecommerce/product/category-list'
import ProductList from '../../pages/apps/ecommerce/product/list'
import Referrals from '../../pages/apps/ecommerce/referrals'
import Settings from '../../pages/apps/ecommerce/settings'
import { products } from '../data/ecommerce'
import { productSlug } from '../data/product-images'
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

describe('ecommerce demo catalogue', { timeout: 30_000 }, () => {
  it('shows a picture beside every product on the list and in an order', () => {
    const { container } = renderPage(ProductList)
    const grid = screen.getAllByRole('grid')[0]!
    const rows = within(grid).getAllByRole('row').slice(1)
    expect(rows.length).toBe(10)
    for (const row of rows) expect(row.querySelector('img[src*=".svg"]'), row.textContent ?? '').not.toBeNull()
    container.remove()
    renderPage(OrderDetails, { url: '/apps/ecommerce/order/details/5402', pattern: '/apps/ecommerce/order/details/:id' })
    const table = screen.getByRole('table', { name: 'Order details' })
    const lines = within(table).getAllByRole('row').filter((r) => r.querySelector('img'))
    expect(lines.length).toBe(3)
  })

  it('has believable stock: on sale means units in the warehouse, off sale means none', () => {
    expect(products.length).toBeGreaterThan(10)
    for (const p of products) {
      expect(p.inStock, p.name).toBe(p.qty > 0)
      if (p.status === 'inactive') expect(p.qty, p.name).toBe(0)
      else expect(p.qty, p.name).toBeGreaterThan(0)
    }
    expect(products.some((p) => p.qty > 0 && p.qty < 10), 'some run low').toBe(true)
    expect(new Set(products.map((p) => p.qty)).size).toBeGreaterThan(products.length / 2)
  })

  it('ships every picture as a small SVG of its own', () => {
    const files = import.meta.glob<string>('../assets/products/*.svg', { query: '?raw', import: 'default', eager: true })
    const names = Object.keys(files).map((f) => /([^/]+)\.svg$/.exec(f)![1])
    for (const p of products) expect(names, p.name).toContain(productSlug(p.name))
    for (const [file, svg] of Object.entries(files)) {
      expect(svg.length, file).toBeLessThan(4096)
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 120 120"/)
      expect(svg, file).not.toMatch(/<script|<text|href=/)
    }
  })
})

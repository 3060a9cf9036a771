import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import FrontCheckout from '../../pages/front-pages/checkout'
import HelpArticle from '../../pages/front-pages/help-center/article/[title]'
import HelpCenter from '../../pages/front-pages/help-center/index'
import Landing from '../../pages/front-pages/landing-page'
import Payment from '../../pages/front-pages/payment'
import Pricing from '../../pages/front-pages/pricing'
import CheckoutWizard from '../../pages/wizard-examples/checkout'
import CreateDeal from '../../pages/wizard-examples/create-deal'
import PropertyListing from '../../pages/wizard-examples/property-listing'
import { renderPage } from './render-page'

describe('front pages and wizards', { timeout: 30_000 }, () => {
  it('landing page contact form thanks the visitor', () => {
    renderPage(Landing)
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ana@example.com' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Do you offer team plans?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect(screen.getByText('Thank you for your message!')).toBeInTheDocument()
  })

  it('pricing switches to yearly prices', () => {
    renderPage(Pricing)
    const before = screen.getByTestId('price-standard').textContent
    fireEvent.click(screen.getByRole('switch', { name: 'Pay yearly' }))
    expect(screen.getByTestId('price-standard').textContent).not.toBe(before)
  })

  it('help center searches and opens articles', () => {
    renderPage(HelpCenter)
    fireEvent.change(screen.getByRole('textbox', { name: 'Search articles' }), { target: { value: 'video' } })
    expect(screen.getByText('Schedule a video call')).toBeInTheDocument()
    renderPage(HelpArticle, { url: '/front-pages/help-center/article/delete-your-account', pattern: '/front-pages/help-center/article/:title' })
    expect(screen.getByRole('heading', { name: 'Delete your account' })).toBeInTheDocument()
  })

  it('payment rejects an invalid card', () => {
    renderPage(Payment, { url: '/front-pages/payment?plan=enterprise', pattern: '/front-pages/payment' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4111 1111 1111 1112' } })
    fireEvent.click(screen.getByRole('button', { name: 'Proceed with payment' }))
    expect(screen.getByText('This card number is not valid.')).toBeInTheDocument()
  })

  it('checkout steps forward and applies a coupon', () => {
    renderPage(FrontCheckout)
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: 'nope' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('This coupon code is not valid.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('heading', { name: 'Address', level: 2 })).toBeInTheDocument()
    renderPage(CheckoutWizard)
  })

  it('wizards validate each step before moving on', async () => {
    renderPage(CreateDeal)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument()
    renderPage(PropertyListing)
    fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[1] as HTMLElement)
    expect((await screen.findAllByText('Enter at least 2 characters.')).length).toBeGreaterThan(0)
  })
})

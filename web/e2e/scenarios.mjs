import { PASSWORD, assert, dismissCookies, newPage, pngBytes, register, shot, shotDesktopAndPhone, uniqueEmail } from './helpers.mjs'

// desks.localhost defaults to Polish; cars.localhost to Spanish; crafts.localhost to Arabic.
const EN_HOST = 'biblegroups.localhost'

export const scenarios = [
  {
    name: 'root-redirect',
    async run({ browser, siteUrl }) {
      const { page, context } = await newPage(browser)
      await page.goto(siteUrl('desks.localhost', '/'))
      await page.waitForURL(/\/frontpage/, { timeout: 10000 })
      await context.close()
    },
  },
  {
    name: 'front-pages-per-host',
    async run({ browser, siteUrl, artifacts }) {
      const { page, context, errors } = await newPage(browser)
      await page.goto(siteUrl('desks.localhost', '/frontpage'))
      await page.getByRole('heading', { level: 1 }).waitFor()
      const plTitle = await page.getByRole('heading', { level: 1 }).innerText()
      assert(/biurka/i.test(plTitle), `desks hero should be Polish, got "${plTitle}"`)
      assert((await page.evaluate(() => document.documentElement.lang)) === 'pl', 'desks should render in Polish')
      await shotDesktopAndPhone(page, artifacts, 'frontpage-desks')
      await page.goto(siteUrl('cars.localhost', '/frontpage'))
      await page.getByRole('heading', { level: 1 }).waitFor()
      assert((await page.evaluate(() => document.documentElement.lang)) === 'es', 'cars should render in Spanish')
      await shot(page, artifacts, 'frontpage-cars')
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`)
      await context.close()
    },
  },
  {
    name: 'arabic-rtl',
    async run({ browser, siteUrl, artifacts }) {
      const { page, context } = await newPage(browser)
      await page.goto(siteUrl(EN_HOST, '/ar'))
      await page.waitForURL(/\/frontpage\?lang=ar/)
      await page.getByRole('heading', { level: 1 }).waitFor()
      // The Arabic wording loads on demand; the document switches once it is in.
      await page
        .waitForFunction(() => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl', null, { timeout: 20000 })
        .catch(() => {})
      const { lang, dir } = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))
      assert(lang === 'ar' && dir === 'rtl', `expected ar/rtl, got ${lang}/${dir}`)
      // MUI styles are flipped: the contact form's text aligns right.
      const align = await page.getByRole('heading', { name: 'اتصل بنا' }).evaluate((el) => getComputedStyle(el).textAlign)
      assert(align === 'right' || align === 'start', `heading alignment ${align}`)
      await shot(page, artifacts, 'frontpage-ar-rtl')
      await page.setViewportSize({ width: 360, height: 740 })
      await shot(page, artifacts, 'frontpage-ar-360')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)
      assert(!overflow, 'front page scrolls sideways at 360 px')
      await context.close()
    },
  },
  {
    name: 'contact-form',
    async run({ browser, siteUrl }) {
      const { page, context } = await newPage(browser)
      await page.goto(siteUrl(EN_HOST, '/frontpage?lang=en'))
      await dismissCookies(page)
      const form = page.getByRole('form', { name: 'Contact us' })
      await form.getByRole('button', { name: 'Send message' }).click()
      await form.getByText('This field is required').first().waitFor()
      await form.getByLabel('Name').fill('E2E Visitor')
      await form.getByLabel('E-mail').fill('visitor@example.test')
      await form.getByLabel('Message').fill('Hello from the browser scenarios.')
      await form.getByRole('button', { name: 'Send message' }).click()
      await page.getByText('Thank you for your message!').waitFor({ timeout: 10000 })
      await context.close()
    },
  },
  {
    name: 'login-google-and-redirecturl',
    async run({ browser, siteUrl, artifacts }) {
      const { page, context } = await newPage(browser)
      await page.goto(siteUrl(EN_HOST, '/my-items?lang=en'))
      await page.waitForURL((u) => u.pathname === '/login')
      const redirect = new URL(page.url()).searchParams.get('redirecturl')
      assert(redirect === '/my-items?lang=en', `redirecturl was ${redirect}`)
      // No network to the identity provider here, so its script fails to load.
      await page.getByText('Failed to load the Google 3P Authorization JavaScript Library.').waitFor({ timeout: 15000 })
      await shot(page, artifacts, 'login-google-failed')
      // Wrong password: the server's error is shown, we stay on the page.
      await page.getByLabel(/^e-mail/i).fill(uniqueEmail('nobody'))
      await page.locator('input[autocomplete="current-password"]').fill('wrong password 1')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByRole('alert').first().waitFor()
      // Register keeps the redirect and returns to the page the user wanted.
      await page.getByRole('link', { name: 'Create an account' }).click()
      await page.waitForURL(/\/register\?redirecturl=/)
      const email = uniqueEmail('redirect')
      await page.getByLabel('Display name').fill('Redirect User')
      await page.getByLabel(/^e-mail/i).fill(email)
      await page.locator('input[autocomplete="new-password"]').fill('short')
      await page.getByRole('button', { name: 'Sign up' }).click()
      await page.getByText('Use 8–128 characters with at least one letter and one digit').first().waitFor()
      await page.locator('input[autocomplete="new-password"]').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign up' }).click()
      await page.waitForURL((u) => u.pathname === '/my-items', { timeout: 15000 })
      await page.getByText('You have no items yet.').waitFor()
      await page.getByText('Want to add the first one?').waitFor()
      // Signed in: the login page sends the user away.
      await page.goto(siteUrl(EN_HOST, '/login'))
      await page.waitForURL((u) => u.pathname !== '/login')
      // No AclDemo permission for ordinary users.
      await page.goto(siteUrl(EN_HOST, '/access-control'))
      await page.waitForURL((u) => u.pathname === '/not-authorized')
      await page.goto(siteUrl(EN_HOST, '/no/such/page'))
      await page.getByText('Page not found').waitFor()
      await context.close()
    },
  },
  {
    name: 'listing-with-images',
    async run({ browser, siteUrl, artifacts }) {
      const { page, context } = await newPage(browser)
      await register(page, siteUrl, EN_HOST, { name: 'Seller', email: uniqueEmail('seller') })
      await page.goto(siteUrl(EN_HOST, '/add-new?lang=en'))
      await dismissCookies(page)
      await page.getByRole('button', { name: 'Save and Publish' }).first().click()
      await page.getByText('This field is required').first().waitFor()
      await page.getByLabel('Product name').fill('Oak desk 160 cm')
      await page.getByLabel('Description').fill('Solid oak, a few scratches, collection only.')
      await page.getByLabel('Price').fill('120.50')
      await page.getByLabel('Duration (days)').fill('30')
      await page.getByLabel('City or address').fill('Kraków')
      await page.getByTestId('image-input').setInputFiles([
        { name: 'desk-front.png', mimeType: 'image/png', buffer: pngBytes() },
        { name: 'desk-side.png', mimeType: 'image/png', buffer: pngBytes() },
      ])
      await page.getByRole('img', { name: 'desk-front.png' }).waitFor()
      await page.getByRole('button', { name: 'Remove desk-side.png' }).click()
      await page.getByRole('img', { name: 'desk-side.png' }).waitFor({ state: 'detached' })
      await shotDesktopAndPhone(page, artifacts, 'listing-form')
      await page.getByRole('button', { name: 'Save and Publish' }).first().click()
      await page.getByText('Your listing is published.').waitFor({ timeout: 20000 })
      await page.getByRole('link', { name: 'View listing' }).click()
      await page.getByRole('heading', { name: 'Oak desk 160 cm' }).waitFor()
      const imgs = await page.locator('main img').count()
      assert(imgs >= 1, 'offer page shows the uploaded image')
      await shot(page, artifacts, 'offer-page')
      await page.goto(siteUrl(EN_HOST, '/my-items'))
      await page.getByText('Oak desk 160 cm').waitFor()
      await page.getByLabel('Search my items').fill('zzz-nothing')
      await page.getByText('No result found').waitFor()
      await page.setViewportSize({ width: 360, height: 740 })
      await page.getByLabel('Search my items').fill('')
      await page.getByText('Oak desk 160 cm').waitFor()
      await shot(page, artifacts, 'my-items-360')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)
      assert(!overflow, 'my items scrolls sideways at 360 px')
      await context.close()
    },
  },
  {
    name: 'message-the-seller',
    async run({ browser, siteUrl, artifacts }) {
      const seller = await newPage(browser)
      const buyer = await newPage(browser)
      await register(seller.page, siteUrl, EN_HOST, { name: 'Desk Seller', email: uniqueEmail('mseller') })
      await seller.page.goto(siteUrl(EN_HOST, '/my-messages?lang=en'))
      await seller.page.getByText('You have no messages yet.').waitFor()
      await seller.page.goto(siteUrl(EN_HOST, '/add-new'))
      await seller.page.getByLabel('Product name').fill('Standing desk')
      await seller.page.getByLabel('Description').fill('Electric, 120 x 60 cm.')
      await seller.page.getByLabel('Price').fill('300')
      await seller.page.getByLabel('City or address').fill('Gdańsk')
      await seller.page.getByRole('button', { name: 'Save and Publish' }).first().click()
      await seller.page.getByRole('link', { name: 'View listing' }).click()
      await seller.page.waitForURL(/\/offer\//)
      const offerUrl = seller.page.url()

      await register(buyer.page, siteUrl, EN_HOST, { name: 'Desk Buyer', email: uniqueEmail('mbuyer') })
      await buyer.page.goto(offerUrl)
      await buyer.page.getByRole('button', { name: 'Message the seller' }).click()
      const dialog = buyer.page.getByRole('dialog', { name: 'Message the seller' })
      await dialog.getByLabel('Your message to the seller').fill('Is the desk still available?')
      await dialog.getByRole('button', { name: 'Send' }).click()
      await dialog.getByText('Message sent. Find the reply in My messages.').waitFor()

      await seller.page.goto(siteUrl(EN_HOST, '/my-messages'))
      // The consent banner floats over the content's inline-end corner until answered.
      await dismissCookies(seller.page)
      await seller.page.getByRole('button', { name: /Desk Buyer/ }).click({ timeout: 15000 })
      const sellerLog = seller.page.getByRole('log')
      await sellerLog.getByText('Is the desk still available?').waitFor()
      await seller.page.getByLabel('Write a message').fill('Yes, come by on Saturday.')
      await seller.page.getByRole('button', { name: 'Send', exact: true }).click()
      await sellerLog.getByText('Yes, come by on Saturday.').waitFor()
      await shotDesktopAndPhone(seller.page, artifacts, 'my-messages-conversation')

      await buyer.page.goto(siteUrl(EN_HOST, '/my-messages'))
      await buyer.page.getByRole('button', { name: /Desk Seller/ }).click({ timeout: 15000 })
      await buyer.page.getByRole('log').getByText('Yes, come by on Saturday.').waitFor()
      await buyer.page.getByLabel('Search conversations').fill('zzz-nobody')
      await buyer.page.getByText('No result found').waitFor()
      await seller.context.close()
      await buyer.context.close()
    },
  },
  {
    name: 'customizer-settings-persist',
    async run({ browser, siteUrl, artifacts }) {
      const { page, context } = await newPage(browser)
      await register(page, siteUrl, EN_HOST, { name: 'Settings User', email: uniqueEmail('settings') })
      await page.goto(siteUrl(EN_HOST, '/my-items?lang=en'))
      await dismissCookies(page)
      await page.getByRole('button', { name: 'Open theme customizer' }).click()
      const panel = page.getByRole('dialog', { name: 'Theme customizer' })
      await panel.getByRole('button', { name: 'Dark' }).click()
      await panel.getByRole('button', { name: 'Bordered' }).click()
      await panel.getByRole('button', { name: 'Horizontal' }).click()
      await panel.getByRole('button', { name: 'Fluid' }).click()
      await page.keyboard.press('Escape')
      await shot(page, artifacts, 'customizer-dark-horizontal')
      await page.reload()
      await page.getByRole('heading', { name: 'My items' }).waitFor()
      const stored = await page.evaluate(() => ({
        theme: localStorage.getItem('application-theme'),
        skin: localStorage.getItem('application-skin'),
        nav: localStorage.getItem('application-layoutNav'),
        width: localStorage.getItem('application-contentWidth'),
        dark: document.documentElement.classList.contains('dark'),
      }))
      assert(stored.theme === '"dark"' && stored.skin === '"bordered"' && stored.nav === '"horizontal"' && stored.width === '"fluid"', JSON.stringify(stored))
      assert(stored.dark, 'dark colour scheme applied after reload')
      await context.close()
    },
  },
  {
    name: 'call-accept-and-decline',
    async run({ browser, siteUrl, artifacts }) {
      const a = await newPage(browser)
      const b = await newPage(browser)
      // B sells something; A finds the listing and calls the seller from it.
      await register(b.page, siteUrl, EN_HOST, { name: 'Callee', email: uniqueEmail('callee') })
      await b.page.goto(siteUrl(EN_HOST, '/add-new'))
      await b.page.getByLabel('Product name').fill('Walnut table')
      await b.page.getByLabel('Description').fill('Seats six, oiled finish.')
      await b.page.getByLabel('Price').fill('450')
      await b.page.getByLabel('City or address').fill('Poznań')
      await b.page.getByRole('button', { name: 'Save and Publish' }).first().click()
      await b.page.getByRole('link', { name: 'View listing' }).click()
      await b.page.waitForURL(/\/offer\//)
      const offerUrl = b.page.url()
      await b.page.goto(siteUrl(EN_HOST, '/my-items'))

      await register(a.page, siteUrl, EN_HOST, { name: 'Caller', email: uniqueEmail('caller') })
      await a.page.goto(offerUrl)
      await a.page.getByRole('link', { name: 'Call the seller' }).click()
      await a.page.waitForURL(/\/my-call\?to=/)
      const callUrl = a.page.url()
      await a.page.getByRole('button', { name: 'Leave meeting' }).waitFor({ timeout: 20000 })
      await a.page.getByText('Caller (You)').waitFor({ timeout: 20000 })
      const overlay = b.page.getByRole('alertdialog', { name: 'Incoming calls' })
      await overlay.waitFor({ timeout: 20000 })
      await shot(b.page, artifacts, 'call-invitation')
      await overlay.getByRole('button', { name: 'Accept' }).click()
      await b.page.waitForURL(/\/my-call\?room=/)
      await b.page.getByRole('button', { name: 'Leave meeting' }).waitFor({ timeout: 20000 })
      await a.page.getByTestId('remote-tile').waitFor({ timeout: 30000 })
      await b.page.getByTestId('remote-tile').waitFor({ timeout: 30000 })
      // Media really flows: the remote tile plays video, remote audio sits in hidden <audio> elements.
      for (const p of [a.page, b.page]) {
        await p.waitForFunction(() => {
          const v = document.querySelector('[data-testid="remote-tile"] video')
          return v instanceof HTMLVideoElement && v.videoWidth > 0
        }, null, { timeout: 30000 })
        await p.waitForFunction(() => document.querySelectorAll('audio').length > 0, null, { timeout: 15000 })
        const visibleAudio = await p.evaluate(() => [...document.querySelectorAll('audio')].some((el) => el.getBoundingClientRect().height > 0))
        assert(!visibleAudio, 'audio elements are hidden')
      }
      await shotDesktopAndPhone(a.page, artifacts, 'call-caller')
      await shot(b.page, artifacts, 'call-callee')
      // A hangs up; B, left alone, sees the call end too.
      await a.page.getByRole('button', { name: 'Leave meeting' }).click()
      // After hanging up: the end screen, not a form to rejoin the room.
      await a.page.getByRole('heading', { level: 1, name: 'Call ended' }).waitFor()
      await b.page.getByRole('heading', { level: 1, name: 'Call ended' }).waitFor({ timeout: 20000 })
      await b.page.getByTestId('end-reason').filter({ hasText: 'left the call' }).waitFor()
      assert(!(await b.page.getByRole('button', { name: 'Leave meeting' }).count()), 'the room is gone on the side left alone')

      // Second call: the callee declines and the caller is told.
      await a.page.goto(callUrl)
      await b.page.goto(siteUrl(EN_HOST, '/my-items'))
      await overlay.waitFor({ timeout: 20000 })
      await overlay.getByRole('button', { name: 'Decline' }).click()
      await a.page.getByTestId('end-reason').getByText('Declined').waitFor({ timeout: 20000 })
      await a.context.close()
      await b.context.close()
    },
  },
]

import { expect, test, type Page } from '@playwright/test'
import { ADMIN, createStaffUser, createVerifiedUser, expectTapTarget, signIn } from './support'

const EVERYONE_BEFORE = [
  'Dashboard',
  'Acquire Land',
  'Investment Options',
  'Land Subscriptions',
  'Investment Portfolio',
]

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
/** Exactly these entries, in this order (retried until the page shows them). */
const expectMenu = (page: Page, labels: string[]) =>
  expect(mainNav(page).getByRole('link')).toHaveText(labels)
const expectCards = (page: Page, labels: string[]) =>
  expect(page.getByRole('main').getByTestId('metric-card').getByRole('heading')).toHaveText(labels)
const panel = (page: Page) => page.getByRole('dialog', { name: 'Your notifications' })

test.describe('menu and dashboard per kind of user', () => {
  test('a customer sees the menu for everyone and the Products and Subscriptions cards', async ({
    page,
    request,
  }) => {
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    await expectMenu(page, [...EVERYONE_BEFORE, 'Settings'])
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(mainNav(page).getByRole('link', { name: 'Acquire Land' })).not.toHaveAttribute(
      'aria-current',
    )
    await expectCards(page, ['Products', 'Subscriptions'])
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByTestId('greeting')).toHaveText(
      /^(Good morning|Good afternoon|Good evening|Hello), Chidi$/,
    )
    await expect(page.getByTestId('user-menu-name')).toHaveText('Chidi Okafor')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main')).toBeVisible()
  })

  test('a realtor also sees Customers, in the menu and on the dashboard', async ({
    page,
    request,
  }) => {
    const realtor = await createVerifiedUser(request, 'realtor')
    await signIn(page, realtor.email, realtor.password)
    await expectMenu(page, [...EVERYONE_BEFORE, 'Commissions', 'Customers', 'Settings'])
    await expectCards(page, ['Products', 'Customers', 'Subscriptions'])
  })

  test('the super admin sees every entry and every card, each linking to its list', async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password)
    await expectMenu(page, [
      ...EVERYONE_BEFORE,
      'Arrears',
      'Titles',
      'Estates',
      'Payouts',
      'Reconciliation',
      'Collections',
      'Commissions',
      'Customers',
      'Realtors',
      'Users',
      'Audit',
      'Settings',
    ])
    const hrefs = await mainNav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs).toEqual([
      '/',
      '/land-purchases',
      '/land-investments',
      '/subscriptions',
      '/investment-portfolio',
      '/arrears',
      '/titles',
      '/estates',
      '/payouts',
      '/reconciliation',
      '/collections',
      '/commissions',
      '/customers',
      '/realtors',
      '/users',
      '/audit',
      '/settings',
    ])
    await expectCards(page, ['Products', 'Customers', 'Subscriptions', 'Realtors'])
    const cards = page.getByTestId('metric-card')
    await expect(cards.nth(0)).toHaveAttribute('href', '/land-purchases')
    await expect(cards.nth(1)).toHaveAttribute('href', '/customers')
    await expect(cards.nth(2)).toHaveAttribute('href', '/subscriptions')
    await expect(cards.nth(3)).toHaveAttribute('href', '/realtors')
    await expect(cards.nth(0)).toContainText(/\d/)
  })

  test('an admin with a few permissions sees the entries and cards they allow', async ({
    page,
    request,
  }) => {
    const admin = await createStaffUser(request, ['can_view_realtor', 'can_modify_product'])
    await signIn(page, admin.email, admin.password)
    // Keeping products includes keeping the plot registry their land is sold from.
    await expectMenu(page, [...EVERYONE_BEFORE, 'Estates', 'Realtors', 'Settings'])
    await expectCards(page, ['Products', 'Subscriptions', 'Realtors'])
  })
})

test.describe('sidebar', () => {
  test('collapses to LBC, stays collapsed after a reload, and expands again', async ({
    page,
    request,
  }) => {
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar.getByText('Land Banking', { exact: true })).toBeVisible()
    await expect(mainNav(page).getByText('Acquire Land')).toBeVisible()

    // With JavaScript the button flips at once and the choice is saved in the background: reload once it is.
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/resources/sidebar') && response.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await saved
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await expect(sidebar.getByText('LBC')).toBeVisible()
    await expect(sidebar.getByText('Land Banking', { exact: true })).toBeHidden()
    await expect(mainNav(page).getByText('Acquire Land')).toBeHidden()
    await expect(mainNav(page).getByRole('link', { name: 'Acquire Land' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await expect(mainNav(page).getByText('Acquire Land')).toBeHidden()

    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
    await expect(mainNav(page).getByText('Acquire Land')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('on a 375 px phone the menu is off-canvas and opens and closes with its toggle', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    await expect(mainNav(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden()

    await expectTapTarget(page.getByRole('link', { name: 'Open menu' }))
    await page.getByRole('link', { name: 'Open menu' }).click()
    await expect(mainNav(page)).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Investment Portfolio' })).toBeVisible()
    await expectTapTarget(page.getByRole('link', { name: 'Close menu' }))

    await page.getByRole('link', { name: 'Close menu' }).click()
    await expect(mainNav(page)).toBeHidden()
    await expect(page.getByRole('link', { name: 'Open menu' })).toBeVisible()
  })

  test('a skip link leads past the menu to the page', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    // A person presses Tab on the loaded page: with JavaScript, once the sign-in's navigation has settled.
    if (javaScriptEnabled)
      await expect(page.getByTestId('loading-bar')).toHaveAttribute('aria-hidden', 'true')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
    if (javaScriptEnabled) await expect(page.getByRole('main')).toBeFocused()
  })
})

test.describe('notifications panel', () => {
  test('opens from the bell, shows one notification, marks it read, deletes all and shows the empty state', async ({
    page,
    request,
  }) => {
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    await expect(page.getByTestId('unread-dot')).toBeVisible()

    await page.getByRole('link', { name: 'Notifications (unread)' }).click()
    await expect(panel(page)).toBeVisible()
    await expect(page).toHaveURL(/\?notifications=1$/)
    const item = panel(page).getByTestId('notification-item')
    await expect(item).toHaveCount(1)
    await expect(item).toContainText('Welcome to Land Banking')
    await expect(item.getByTestId('notification-unread-dot')).toBeVisible()
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeVisible()

    await item.click()
    await expect(
      panel(page).getByRole('heading', { name: 'Welcome to Land Banking' }),
    ).toBeVisible()
    await expect(panel(page).getByText(/^(just now|\d+ minutes? ago)$/)).toBeVisible()
    await expect(
      panel(page).getByText('Hello Chidi, welcome aboard.', { exact: false }),
    ).toBeVisible()
    await expect(panel(page).getByTestId('notification-item')).toHaveCount(0)

    await panel(page).getByRole('link', { name: 'Close notification', exact: true }).click()
    await expect(panel(page).getByTestId('notification-item')).toHaveCount(1)
    await expect(panel(page).getByTestId('notification-unread-dot')).toHaveCount(0)
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)
    await expect(page.getByTestId('unread-dot')).toHaveCount(0)

    await panel(page).getByRole('link', { name: 'Delete all' }).click()
    await expect(
      panel(page).getByRole('heading', { name: 'Delete all your notifications?' }),
    ).toBeVisible()
    await panel(page).getByRole('link', { name: 'Keep them' }).click()
    await expect(panel(page).getByTestId('notification-item')).toHaveCount(1)
    await panel(page).getByRole('link', { name: 'Delete all' }).click()
    await panel(page).getByRole('button', { name: 'Yes, delete all' }).click()
    await expect(page.getByText('All notifications deleted successfully')).toBeVisible()
    await expect(panel(page).getByText('No notification available')).toBeVisible()
    await expect(panel(page).getByText('There are no notifications present')).toBeVisible()
    await expect(panel(page).getByRole('link', { name: 'Delete all' })).toHaveCount(0)
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)

    await panel(page).getByRole('link', { name: 'Close', exact: true }).click()
    await expect(panel(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/$/)
  })

  test('mark all as read clears the unread marks and the bell dot, keeping the page’s own address', async ({
    page,
    request,
  }) => {
    const customer = await createVerifiedUser(request, 'customer')
    await signIn(page, customer.email, customer.password)
    await page.goto('/?search=plots&notifications=1')
    await expect(panel(page).getByTestId('notification-unread-dot')).toHaveCount(1)

    await panel(page).getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page.getByText('All notifications marked as read successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/\?search=plots&notifications=1$/)
    await expect(panel(page).getByTestId('notification-unread-dot')).toHaveCount(0)
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)
    await expect(panel(page).getByRole('link', { name: 'Delete all' })).toBeVisible()
    await expect(page.getByTestId('unread-dot')).toHaveCount(0)

    await panel(page).getByRole('link', { name: 'Close', exact: true }).click()
    await expect(panel(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/\?search=plots$/)
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible()
  })
})

test('an unconfirmed "Delete all" post deletes nothing and asks the question', async ({
  page,
  request,
}) => {
  const customer = await createVerifiedUser(request, 'customer')
  await signIn(page, customer.email, customer.password)
  await page.goto('/?notifications=1')
  await expect(panel(page).getByTestId('notification-item')).toHaveCount(1)
  // The form an older page sent: no confirmation.
  await page.evaluate(() => {
    const form = document.createElement('form')
    form.method = 'post'
    form.action = '/resources/notifications'
    for (const [name, value] of [
      ['intent', 'delete-all'],
      ['redirectTo', '/?notifications=1'],
    ]) {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = name
      input.value = value
      form.append(input)
    }
    document.body.append(form)
    form.submit()
  })
  await expect(
    panel(page).getByRole('heading', { name: 'Delete all your notifications?' }),
  ).toBeVisible()
  await page.goto('/?notifications=1')
  await expect(panel(page).getByTestId('notification-item')).toHaveCount(1)
})

test('the user menu offers Settings and Logout, which signs out', async ({ page, request }) => {
  const customer = await createVerifiedUser(request, 'customer')
  await signIn(page, customer.email, customer.password)
  await page.getByTestId('user-menu-name').click()
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
    'href',
    '/settings',
  )
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
})

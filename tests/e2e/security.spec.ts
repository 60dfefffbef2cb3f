import { expect, test, type Page } from '@playwright/test'
import { LIMITS } from '../../app/backend/rate-limit'
import { noisyPng, realPng, TINY_JPEG } from '../support/images'
import {
  ADMIN,
  apiCall,
  apiLogin,
  codeFrom,
  createVerifiedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from './support'

type Complaint = { page: string; text: string; source: string }

/** Every CSP complaint the browser makes on a page: console messages, and (with JavaScript) violation events. */
function watchCsp(page: Page) {
  const complaints: Complaint[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (
      /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(text)
    ) {
      const source = /source (\S+)$/.exec(text)?.[1] ?? message.location().url ?? ''
      complaints.push({ page: page.url(), text, source })
    }
  })
  page.on('pageerror', (error) =>
    complaints.push({ page: page.url(), text: error.message, source: '' }),
  )
  return complaints
}

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} source ${event.sourceFile}`,
      )
    })
  })
}

/**
 * zod 4 probes whether eval is allowed (`new Function('')` in a try) when a module builds an object
 * schema; under our CSP the probe is refused, caught, and zod runs without eval. It is the one
 * complaint let through, while zod is still in the browser bundles (it is on its way out: 95 KiB
 * budget); every other one fails the test.
 */
async function isZodEvalProbe(complaint: Complaint, page: Page) {
  if (!/script-src(-elem)? eval/.test(complaint.text) || !complaint.source) return false
  const source = await page.request.get(complaint.source).then((response) => response.text())
  return source.includes('$ZodType') && /new \w+\(""\),!0/.test(source)
}

test.describe('the Content-Security-Policy in a real browser', () => {
  test('the main pages load and work under the CSP without a single violation', async ({
    page,
    javaScriptEnabled,
  }) => {
    // It walks through some 25 pages: more than the default minute on a busy two-core machine.
    test.slow()
    await recordViolations(page)
    const complaints = watchCsp(page)
    for (const path of [
      '/login',
      '/register',
      '/realtor/register',
      '/forgot-password',
      '/no/such/page',
    ]) {
      await page.goto(path)
      await expect(page.locator('main').first()).toBeVisible()
    }
    await signIn(page, ADMIN.email, ADMIN.password)
    const pages = [
      '/',
      '/land-purchases',
      '/land-investments',
      '/land-purchases/new',
      '/subscriptions',
      '/investment-portfolio',
      '/customers',
      '/customers/new',
      '/realtors',
      '/users',
      '/users/new',
      '/settings',
      '/settings?tab=settings',
    ]
    for (const path of pages) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBeLessThan(500)
      await expect(page.locator('main').first()).toBeVisible()
    }
    if (javaScriptEnabled) {
      await page.goto('/')
      // Client-side navigations load each route's code on demand: under the CSP too.
      for (const label of [
        'Acquire Land',
        'Investment Options',
        'Customers',
        'Settings',
        'Dashboard',
      ]) {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: label })
          .click()
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }),
        ).toHaveAttribute('aria-current', 'page')
      }
      // Scripts really run: the inline script took the no-js class away.
      await expect(page.locator('html')).not.toHaveClass(/no-js/)
    }
    // A details panel and the notifications panel, opened as a user would.
    await page.goto('/land-purchases')
    await page.locator('a[href^="/land-purchases/PRD-"]').first().click()
    await expect(page).toHaveURL(/\/land-purchases\/PRD-/)
    await page.goto('/')
    await page
      .getByRole('link', { name: /notifications/i })
      .first()
      .click()
    await expect(page).toHaveURL(/[?&]/)
    const unexpected: string[] = []
    const probes = new Set<string>()
    for (const complaint of complaints) {
      if (await isZodEvalProbe(complaint, page)) probes.add(new URL(complaint.page).pathname)
      else unexpected.push(`${complaint.page}: ${complaint.text}`)
    }
    if (probes.size)
      console.warn(
        `CSP: zod's eval probe was refused (harmlessly) on ${[...probes].join(', ')}: zod is still in those pages' scripts`,
      )
    expect(unexpected).toEqual([])
  })
})

test.describe('abuse limits through the web forms', () => {
  test('the 11th failed sign-in for one account within a minute is refused with a clear message', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    await page.goto('/login')
    for (let attempt = 1; attempt <= 10; attempt++) {
      await page.getByLabel('Email').fill(user.email)
      await page.getByLabel('Password').fill(`wrong-password-${attempt}`)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(
        page.getByText('These credentials do not match our records').first(),
      ).toBeVisible()
    }
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText(LIMITS.failedLoginMinute.message).first()).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    // The API says the same with a 429.
    const answer = await apiCall(request, 'POST', 'auth/login', {
      body: { email: user.email, password: user.password },
    })
    expect(answer.httpStatus).toBe(429)
    expect(answer.message).toBe(LIMITS.failedLoginMinute.message)
  })

  test('a 4th reset e-mail for one address within 15 minutes is refused with a clear message', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    for (let request = 1; request <= 3; request++) {
      await page.goto('/forgot-password')
      await page.getByLabel('Email').fill(user.email)
      await page.getByRole('button', { name: 'Reset Password' }).click()
      await expect(page.getByText('Password reset email sent')).toBeVisible()
    }
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText(LIMITS.mail.message).first()).toBeVisible()
    const answer = await apiCall(request, 'POST', 'auth/forgot-password', {
      body: { email: user.email },
    })
    expect(answer.httpStatus).toBe(429)
  })

  test('a reset link works once: opened again it shows the invalid-link page', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    await apiCall(request, 'POST', 'auth/forgot-password', { body: { email: user.email } })
    const link =
      /https?:\/\/\S+reset-password\S+/.exec(
        await waitForMail(user.email, { contains: /reset-password/ }),
      )?.[0] ?? ''
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill('password-456')
    await page.getByLabel('Confirm new password').fill('password-456')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible()
  })

  test('wrong codes kill the code after five tries, and a new code cannot be asked for within a minute', async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail('codes')
    const registered = await apiCall(request, 'POST', 'auth/register', {
      body: { email, password: 'password-123', first_name: 'Ngozi', last_name: 'Eze' },
    })
    expect(registered.status, registered.message).toBe('200')
    const code = codeFrom(await waitForMail(email))
    const wrong = code === '000000' ? '111111' : '000000'
    await page.goto('/login')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('password-123')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/verify-email/)
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await page.getByLabel('Verification code').fill(wrong)
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect(page.getByText(`The code is incorrect. ${left} left.`)).toBeVisible()
    }
    await page.getByLabel('Verification code').fill(wrong)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('This code has expired. Request a new one.')).toBeVisible()
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('This code has expired. Request a new one.')).toBeVisible()
    await expect(page).toHaveURL(/\/verify-email/)

    if (javaScriptEnabled) {
      // The page counts the minute down; the server enforces it too (checked without JavaScript).
      await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled()
    } else {
      await page.getByRole('button', { name: 'Resend code' }).click()
      await expect(
        page.getByText(/Please wait \d+ seconds before requesting a new code/),
      ).toBeVisible()
    }
  })
})

test.describe('uploads through the product form', () => {
  test('HTML, SVG, polyglot, empty, truncated and oversized files named .png are refused; a real image is stored', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
    const tag = `upl${Date.now().toString(36)}`
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto('/land-purchases/new')
    const panel = page.getByRole('dialog', { name: 'Add land' })
    const png = realPng()
    const files = [
      {
        name: 'page.png',
        buffer: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
        error: 'The file must be a PNG or JPEG image',
      },
      {
        name: 'drawing.png',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        error: 'The file must be a PNG or JPEG image',
      },
      {
        name: 'polyglot.png',
        buffer: Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
        error: 'The file must be a PNG or JPEG image',
      },
      {
        name: 'photo.png',
        buffer: Buffer.concat([
          TINY_JPEG.subarray(0, 20),
          Buffer.from('<script>alert(1)</script>'),
        ]),
        error: 'The file must be a PNG or JPEG image',
      },
      {
        name: 'anim.png',
        buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        error: 'The file must be a PNG or JPEG image',
      },
      {
        name: 'cut.png',
        buffer: Buffer.from(png.subarray(0, png.length - 16)),
        error: 'The file must be a PNG or JPEG image',
      },
      { name: 'empty.png', buffer: Buffer.alloc(0), error: 'The file is empty' },
      {
        name: 'huge.png',
        buffer: Buffer.from(noisyPng(1024, 700)),
        error: 'The file may not be greater than 2 MB',
      },
    ]
    for (const file of files) {
      await panel.getByLabel('Name', { exact: true }).fill(`${tag} Estate, Epe`)
      await panel.getByLabel('Description').fill(`Plots ${tag}`)
      await panel.getByLabel('Location').fill(`${tag} Estate, Epe`)
      await panel.getByLabel('Amount', { exact: true }).fill('2500000')
      await panel
        .getByLabel('Add images')
        .setInputFiles([{ name: file.name, mimeType: 'image/png', buffer: file.buffer }])
      await panel.getByRole('button', { name: 'Create product' }).click()
      await expect(panel.getByText(`${file.name}: ${file.error}`)).toBeVisible()
    }
    const none = await apiCall(request, 'GET', `product?type=land&search=${tag}`, { token: admin })
    expect(none.data.items).toEqual([])

    // A real JPEG named .png is stored as a JPEG under a random name, served with nosniff.
    await panel.getByLabel('Name', { exact: true }).fill(`${tag} Estate, Epe`)
    await panel.getByLabel('Description').fill(`Plots ${tag}`)
    await panel.getByLabel('Location').fill(`${tag} Estate, Epe`)
    await panel.getByLabel('Amount', { exact: true }).fill('2500000')
    await panel
      .getByLabel('Add images')
      .setInputFiles([{ name: 'real.png', mimeType: 'image/png', buffer: Buffer.from(TINY_JPEG) }])
    await panel.getByRole('button', { name: 'Create product' }).click()
    await expect(page.getByText('Product created successfully')).toBeVisible()
    const created = await apiCall(request, 'GET', `product?type=land&search=${tag}`, {
      token: admin,
    })
    const [image] = created.data.items[0].images as string[]
    expect(image).toMatch(/\/api\/v1\/media\/[0-9a-f]{32}\.jpg$/)
    const served = await request.get(image)
    expect(served.headers()['content-type']).toBe('image/jpeg')
    expect(served.headers()['x-content-type-options']).toBe('nosniff')
  })
})

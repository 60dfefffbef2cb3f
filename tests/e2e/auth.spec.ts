import { expect, test } from '@playwright/test'
import { PASSWORD, postLogin, registerByForm, setCookies, signInByForm } from './auth-support'
import {
  apiCall,
  codeFrom,
  createVerifiedUser,
  linkFrom,
  mailCount,
  uniqueEmail,
  waitForMail,
} from './support'

const INVALID = 'These credentials do not match our records'
const RED_50 = 'rgb(254, 242, 242)'

test.describe('screens', () => {
  test('Sign In: title, fields, Remember me, and links to /forgot-password and /register', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page).toHaveTitle(/Sign In/)
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password')
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked()
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expect(page.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      '/register',
    )
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  })

  test('Sign Up: title, fields, Create an account, and a link to /login; realtors add Business name', async ({
    page,
  }) => {
    await page.goto('/register')
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible()
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible()
    }
    await expect(page.getByLabel('Business name')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Already have an account/ })).toHaveAttribute(
      'href',
      '/login',
    )

    await page.goto('/realtor/register')
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible()
    await expect(page.getByLabel('Business name')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible()
  })

  test('Forgot password: Email, Reset Password, and a link back to /login', async ({ page }) => {
    await page.goto('/forgot-password')
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/login',
    )
  })

  test("required fields say what to enter ('Enter your email'), and typing clears that field's error", async ({
    page,
  }, testInfo) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email')
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Enter your password')
    if (testInfo.project.name === 'js') {
      await page.getByLabel('Email').fill('someone@example.com')
      await expect(page.getByText('Enter your email')).toBeHidden()
      await expect(page.getByText('Enter your password')).toBeVisible()
    }
  })
})

test.describe('sign-up', () => {
  test('a customer registers, takes the code from the outbox and lands on /', async ({ page }) => {
    const email = uniqueEmail('signup')
    await page.goto('/register')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Obi')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create an account' }).click()

    await expect(page).toHaveURL(/\/verify-email$/)
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    const code = codeFrom(await waitForMail(email))
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Verification code').fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('Email verified successfully')).toBeVisible()
    // Verified now: the code page sends the user home.
    await page.goto('/verify-email')
    await expect(page).toHaveURL(/\/$/)
  })

  test('realtor registration requires a business name, shown under the field', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('realtor')
    await page.goto('/realtor/register')
    await page.getByLabel('First name').fill('Bola')
    await page.getByLabel('Last name').fill('Ade')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create an account' }).click()

    const businessName = page.getByLabel('Business name')
    await expect(businessName).toHaveAccessibleDescription('Enter your business name')
    await expect(businessName).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await businessName.fill('Ade Homes')
    if (testInfo.project.name === 'js')
      await expect(page.getByText('Enter your business name')).toBeHidden()
    await page.getByLabel('Password').fill(PASSWORD) // without JavaScript the server never echoes a password
    await page.getByRole('button', { name: 'Create an account' }).click()

    await expect(page).toHaveURL(/\/verify-email$/)
    const token = await apiCall(page.request, 'POST', 'auth/login', {
      body: { email, password: PASSWORD },
    })
    expect(token.data.user).toMatchObject({ role: 'realtor', business_name: 'Ade Homes' })
  })

  test('a taken e-mail: the server message shows under Email and in the red banner', async ({
    page,
    request,
  }) => {
    const existing = await createVerifiedUser(request)
    await page.goto('/register')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Obi')
    await page.getByLabel('Email').fill(existing.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create an account' }).click()
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'The email has already been taken',
    )
    const banner = page.getByRole('alert').filter({ hasText: 'The email has already been taken' })
    await expect(banner).toBeVisible()
    await expect(banner).toHaveCSS('background-color', RED_50)
    await expect(page.getByLabel('Password')).toHaveValue('')
  })

  test("a realtor's referral link (?ref=) carries its reference into the customer's sign-up", async ({
    page,
    request,
  }) => {
    const realtor = await createVerifiedUser(request, 'realtor')
    await page.goto(`/register?ref=${realtor.user.reference}`)
    // Posted with the form; the API links the customer to the realtor (tests/api/auth.test.ts).
    await expect(page.locator('input[name="referral"]')).toHaveValue(realtor.user.reference)
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Obi')
    await page.getByLabel('Email').fill(uniqueEmail('referred'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/verify-email$/)
  })
})

test.describe('the one-time code', () => {
  test('takes digits only, a pasted code with spaces still verifies, and a wrong code shows the server message under the input', async ({
    page,
  }, testInfo) => {
    const { email } = await registerByForm(page.request)
    await page.goto('/verify-email')
    const code = codeFrom(await waitForMail(email))
    const input = page.getByLabel('Verification code')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    await input.fill(wrong)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(input).toHaveAccessibleDescription('The code is incorrect. 4 tries left.')

    await input.fill(`Code: ${code.slice(0, 3)} ${code.slice(3)}`)
    if (testInfo.project.name === 'js') await expect(input).toHaveValue(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('resend: a 60-second countdown with JavaScript, the server cooldown without it', async ({
    page,
  }, testInfo) => {
    const { email } = await registerByForm(page.request)
    await page.goto('/verify-email')
    await waitForMail(email)
    if (testInfo.project.name === 'js') {
      const countdown = page.getByRole('button', { name: /^Resend code in \d+s$/ })
      await expect(countdown).toBeDisabled()
      const seconds = Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1])
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(60)
    } else {
      await page.getByRole('button', { name: 'Resend code' }).click()
      await expect(
        page.getByText(/^Please wait \d+ seconds before requesting a new code$/),
      ).toBeVisible()
      expect(mailCount(email)).toBe(1)
    }
  })
})

test.describe('sign-in', () => {
  test('a failed login keeps the e-mail, clears the password and shows the server message in a red banner', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    await page.goto('/login')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const banner = page.getByRole('alert').filter({ hasText: INVALID })
    await expect(banner).toBeVisible()
    await expect(banner).toHaveCSS('background-color', RED_50)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await expect(page.getByLabel('Password')).toHaveValue('')
    await expect(page).toHaveURL(/\/login$/)

    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('forgot password → the mailed link → a new password → signed in at /', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password/)
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText('Password reset email sent')).toBeVisible()

    const link = linkFrom(await waitForMail(user.email, { contains: /reset-password/ }))
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-one')
    await page.getByLabel('Confirm new password').fill('a-brand-new-one')
    await page.getByRole('button', { name: 'Reset Password' }).click()

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('Password reset successfully')).toBeVisible()
    expect(
      (
        await apiCall(request, 'POST', 'auth/login', {
          body: { email: user.email, password: user.password },
        })
      ).httpStatus,
    ).toBe(401)
    expect(
      (
        await apiCall(request, 'POST', 'auth/login', {
          body: { email: user.email, password: 'a-brand-new-one' },
        })
      ).status,
    ).toBe('200')

    // The link worked once.
    const again = await page.context().request.get(link, { maxRedirects: 0 })
    expect(again.headers().location).toBe('/') // signed in now, so the public page sends the user home
    await page.context().clearCookies()
    expect((await page.goto(link))?.status()).toBe(404)
  })

  test('forgot password answers the same banner for an unknown e-mail', async ({ page }) => {
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(uniqueEmail('nobody'))
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText('Password reset email sent')).toBeVisible()
  })

  test('the set-password page reads its token: Password and Confirm password, then signed in', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request)
    await apiCall(request, 'POST', 'auth/forgot-password', { body: { email: user.email } })
    const token = new URL(
      linkFrom(await waitForMail(user.email, { contains: /reset-password/ })),
    ).searchParams.get('token')
    await page.goto(`/set-password?token=${token}`)
    await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill('chosen-password')
    await page.getByLabel('Confirm password').fill('chosen-passwors')
    await page.getByRole('button', { name: 'Set Password' }).click()
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match',
    )
    await page.getByLabel('Password', { exact: true }).fill('chosen-password')
    await page.getByLabel('Confirm password').fill('chosen-password')
    await page.getByRole('button', { name: 'Set Password' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  for (const path of [
    '/reset-password',
    '/reset-password?token=made-up',
    '/set-password',
    '/set-password?token=made-up',
  ]) {
    test(`${path} shows the not-found view with status 404`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      await expect(page.getByText('This link is invalid or has expired.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      )
    })
  }

  test('logout (POST) ends the session and kills its token', async ({ page, request }) => {
    const user = await createVerifiedUser(request)
    await signInByForm(page.request, user.email, user.password)
    await page.goto('/')
    await expect(page).toHaveURL(/\/$/)
    const cookie = (await page.context().cookies()).find((each) => each.name === '__session')!

    const out = await page.request.post('/logout', { maxRedirects: 0 })
    expect(out.status()).toBe(302)
    expect(out.headers().location).toBe('/login')
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)

    // The old cookie, replayed, carries a token the API now refuses: the first API call signs it out.
    const replay = await request.post('/verify-email', {
      form: { intent: 'resend' },
      headers: { cookie: `__session=${cookie.value}` },
      maxRedirects: 0,
    })
    expect(replay.headers().location).toBe('/login')
  })
})

test.describe('plain form posts (curl)', () => {
  test('good credentials answer a redirect to / with an HttpOnly, SameSite=Lax session cookie that ends with the browser', async ({
    request,
  }) => {
    const user = await createVerifiedUser(request)
    const response = await postLogin(request, { email: user.email, password: user.password })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/')
    const session = setCookies(response).find((line) => line.startsWith('__session='))!
    expect(session).toMatch(/; HttpOnly/i)
    expect(session).toMatch(/; SameSite=Lax/i)
    expect(session).toMatch(/; Path=\//i)
    expect(session).not.toMatch(/; Secure/i) // plain HTTP here; Secure over HTTPS
    expect(session).not.toMatch(/Max-Age|Expires/i)
  })

  test('Remember me makes the session cookie persistent', async ({ request }) => {
    const user = await createVerifiedUser(request)
    const response = await postLogin(request, {
      email: user.email,
      password: user.password,
      remember: 'on',
    })
    expect(response.status()).toBe(302)
    const session = setCookies(response).find((line) => line.startsWith('__session='))!
    expect(session).toMatch(/; Max-Age=2592000/i) // 30 days
  })

  test('bad credentials answer a 400 page that carries the message and keeps the e-mail', async ({
    request,
  }) => {
    const user = await createVerifiedUser(request)
    const response = await postLogin(request, { email: user.email, password: 'wrong-password' })
    expect(response.status()).toBe(400)
    const html = await response.text()
    expect(html).toContain(INVALID)
    expect(html).toContain(`value="${user.email}"`)
    expect(html).not.toContain('wrong-password')
    expect(setCookies(response).some((line) => line.startsWith('__session='))).toBe(false)
  })

  test('the 11th failed sign-in for an account within a minute answers 429 with the message', async ({
    request,
  }) => {
    const user = await createVerifiedUser(request)
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(
        (await postLogin(request, { email: user.email, password: `wrong-${attempt}` })).status(),
      ).toBe(400)
    }
    const response = await postLogin(request, { email: user.email, password: user.password })
    expect(response.status()).toBe(429)
    expect(await response.text()).toContain(
      'Too many failed sign-in attempts. Please wait a minute and try again.',
    )
  })

  test('a cross-site post is refused before any action runs', async ({ request, baseURL }) => {
    const user = await createVerifiedUser(request)
    const credentials = { email: user.email, password: user.password }
    // A browser marks a cross-site post with Sec-Fetch-Site; our same-origin check answers 403.
    const marked = await postLogin(request, credentials, { 'Sec-Fetch-Site': 'cross-site' })
    expect(marked.status()).toBe(403)
    expect(await marked.text()).toContain('Cross-site form posts are not allowed')
    expect(setCookies(marked).some((line) => line.startsWith('__session='))).toBe(false)
    // An Origin naming another site: Remix refuses it before any action runs, with an empty 500.
    const foreign = await postLogin(request, credentials, { Origin: 'https://evil.example' })
    expect(foreign.status()).toBe(500)
    expect(await foreign.text()).toBe('')
    expect(setCookies(foreign).some((line) => line.startsWith('__session='))).toBe(false)
    // The same request from our own origin signs in.
    const sameSite = await postLogin(request, credentials, {
      Origin: new URL(baseURL!).origin,
      'Sec-Fetch-Site': 'same-origin',
    })
    expect(sameSite.status()).toBe(302)
  })

  test('a filled honeypot is refused', async ({ request }) => {
    const user = await createVerifiedUser(request)
    const response = await postLogin(request, {
      email: user.email,
      password: user.password,
      website: 'https://spam.example',
    })
    expect(response.status()).toBe(400)
    expect(setCookies(response).some((line) => line.startsWith('__session='))).toBe(false)
    const registered = await request.post('/register', {
      form: {
        first_name: 'Bot',
        last_name: 'Bot',
        email: uniqueEmail('bot'),
        password: PASSWORD,
        website: 'x',
      },
      maxRedirects: 0,
    })
    expect(registered.status()).toBe(400)
  })
})

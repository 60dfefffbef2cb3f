import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { apiCall } from './support'

/**
 * Helpers of provider-*.spec.ts, which run against the second app of playwright.config.ts: the one
 * with PAYMENT_PROVIDER=paystack, whose Paystack is the stand-in (tools/provider-stand-in).
 */

/** The stand-in's address (playwright.config.ts starts it). */
export const standInUrl = () => `http://127.0.0.1:${process.env.E2E_STAND_IN_PORT}`

/**
 * A bank transfer into an account number the stand-in opened, as a customer's bank app sends it:
 * the stand-in records it and delivers Paystack's signed `charge.success` to the app.
 */
export async function sendTransfer(
  request: APIRequestContext,
  accountNumber: string,
  naira: number,
) {
  const response = await request.post(`${standInUrl()}/__stand-in/transfers`, {
    data: { accountNumber, amountKobo: naira * 100, senderName: 'CHIDI OKAFOR' },
  })
  expect(response.status(), await response.text()).toBe(201)
  const { transfer } = (await response.json()) as {
    transfer: { reference: string; delivery: { status: number } | null }
  }
  // The app acknowledges at once (200) and gives the value after verifying with the provider.
  expect(transfer.delivery?.status).toBe(200)
  return transfer.reference
}

/** Sets the customer's phone number through the API: Paystack opens an account only for a customer with one. */
export async function addPhone(request: APIRequestContext, token: string) {
  const answer = await apiCall(request, 'POST', 'account/profile', {
    token,
    body: { phone: '0803 123 4567' },
  })
  expect(answer.status, answer.message).toBe('200')
}

/**
 * Opens `address` again until `check` passes: what the provider brings in is processed after its
 * webhook is answered, so a page shows it a moment later (a person would refresh).
 */
export async function reloadUntil(page: Page, address: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(address)
    await check()
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1000] })
}

/** The account number shown in a pay panel's "Pay into your own account number". */
export async function ownAccountNumber(section: Locator) {
  const number = section.getByTestId('own-account-account-number')
  await expect(number).toHaveText(/^\d{10}$/, { timeout: 1_000 })
  return (await number.textContent())!.trim()
}

/** Whether the page scrolls sideways at its width (it must not, at 390 px and 1280 px). */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

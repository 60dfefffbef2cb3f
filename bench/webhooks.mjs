// The webhook scenario of `npm run bench`: signed Paystack deliveries sent at a steady rate (200 a
// second) to the app while its pages are under load, some of them twice, as a provider's retries
// would. Each is timed from its send to the app's acknowledgement; afterwards the staff summary of
// collections must hold every transfer exactly once and nothing may wait or have failed.
//
// The payment provider is the stand-in (tools/provider-stand-in), in a process of its own: it opens
// ten ordinary customers' account numbers, records each transfer (its deliveries held, so the bench
// sends them at its own pace) and answers the app's re-verification of each one. The deliveries
// leave from a child process of their own too, so the page load's client does not delay the clock
// that times them. Run alone: `node bench/webhooks.mjs --send` reads the schedule on stdin.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { paystackSignature, SIGNATURE_HEADER } from '../tools/provider-stand-in/signing.mjs'
import { load } from './http.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const WEBHOOK_TARGETS = { perSecond: 200, p99Ms: 100 }
const STAND_IN_SECRET = 'sk_test_standin'
/** One delivery in this share is sent a second time, later, as a provider retries. */
const REPEATED_SHARE = 0.05

/** The app's settings for a Paystack account kept by the stand-in at `standInUrl`. */
export const providerEnv = (standInUrl) => ({
  PAYMENT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: STAND_IN_SECRET,
  PAYSTACK_BASE_URL: `${standInUrl}/paystack`,
})

/** The stand-in on `port`, its webhooks sent to the app at `appBase`. */
export async function startStandIn({ port, appBase }) {
  const child = spawn(process.execPath, [path.join(root, 'tools/provider-stand-in/cli.mjs')], {
    env: {
      ...process.env,
      STAND_IN_PORT: String(port),
      STAND_IN_HOST: '127.0.0.1',
      PAYSTACK_SECRET_KEY: STAND_IN_SECRET,
      PAYSTACK_WEBHOOK_URL: `${appBase}/api/v1/webhooks/paystack`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/__stand-in/state`)).ok) return { child, url }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill()
  throw new Error('The payment provider stand-in did not start')
}

async function json(url, { method = 'GET', token, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

async function apiToken(base, user) {
  const answer = await json(`${base}/api/v1/auth/login`, { method: 'POST', body: user })
  return answer.data.token
}

/** A customer's own account number, opened by the provider (a phone number is needed for it). */
async function customerAccountNumber(base, token) {
  await json(`${base}/api/v1/account/profile`, {
    method: 'POST',
    token,
    body: { phone: '08031234567' },
  })
  // The payment screen of a subscription awaiting a payment shows the account number.
  const list = await json(`${base}/api/v1/product-subscription?page=1&page_size=50`, { token })
  const details = (reference) =>
    fetch(`${base}/api/v1/product-subscription/${reference}/payment-details`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (response) => (response.ok ? (await response.json()).data : null))
  let payable = null
  for (const item of list.data.items) {
    if (await details(item.reference)) {
      payable = item.reference
      break
    }
  }
  if (!payable) throw new Error('A customer of the webhook scenario has no subscription to pay')
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const account = (await details(payable))?.virtual_account
    if (account) return account.account_number
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('A customer of the webhook scenario was given no account number within 30 s')
}

/** Transfers into the accounts in turn, recorded by the stand-in with their deliveries held: their events. */
async function heldTransfers(standInUrl, accountNumbers, count) {
  await json(`${standInUrl}/__stand-in/webhooks/hold`, { method: 'POST', body: {} })
  const amounts = []
  for (let start = 0; start < count; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, offset) => {
        // ₦1,000.00 and up, by the kobo: amounts no payment choice asks for, so each becomes a credit.
        const amountKobo = 100_000 + start + offset
        amounts.push(amountKobo)
        return json(`${standInUrl}/__stand-in/transfers`, {
          method: 'POST',
          body: {
            accountNumber: accountNumbers[(start + offset) % accountNumbers.length],
            amountKobo,
            senderName: 'Bench Sender',
            narration: 'bench',
          },
        })
      }),
    )
  }
  const { events } = await json(`${standInUrl}/__stand-in/events?provider=paystack`)
  return {
    events: events.filter((event) => event.type === 'charge.success'),
    totalKobo: amounts.reduce((sum, amount) => sum + amount, 0),
  }
}

/** Runs the schedule in a child process: one delivery every 1000/perSecond ms; answers their timings. */
function sendFromChild(schedule) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--send'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the sender exited ${code}`)),
    )
    child.stdin.end(JSON.stringify(schedule))
  })
}

/** In the child: sends each delivery at its time, answers [{ ms, status }] in order. */
async function send({ url, perSecond, deliveries }) {
  const started = performance.now()
  const interval = 1000 / perSecond
  const answers = deliveries.map(async ({ body, signature }, index) => {
    const due = started + index * interval
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
    const sent = performance.now()
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER.paystack]: signature,
        },
        body,
      })
      const answer = await response.json().catch(() => null)
      return {
        ms: performance.now() - sent,
        status: response.status,
        duplicate: answer?.data?.duplicate === true,
      }
    } catch (error) {
      return { ms: performance.now() - sent, status: 0, error: String(error) }
    }
  })
  return Promise.all(answers)
}

const percentile = (sorted, share) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] : 0
const round = (ms) => Math.round(ms * 10) / 10

/** The staff summary once nothing waits (up to 2 minutes after the last delivery). */
async function settledSummary(base, adminToken, expectedCount) {
  const deadline = Date.now() + 120_000
  let summary
  while (Date.now() < deadline) {
    summary = (await json(`${base}/api/v1/admin/collections`, { token: adminToken })).data
    if (summary.waiting_deliveries === 0 && summary.totals.count >= expectedCount) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return summary
}

/**
 * `seconds` of deliveries at WEBHOOK_TARGETS.perSecond into the customers' accounts, while `page`
 * (a signed-in page) is loaded; the app at `base` must have providerEnv(standInUrl).
 */
export async function measureWebhooks({ base, standInUrl, customers, admin, page, seconds }) {
  const adminToken = await apiToken(base, admin)
  const accountNumbers = []
  for (const customer of customers)
    accountNumbers.push(await customerAccountNumber(base, await apiToken(base, customer)))
  const count = WEBHOOK_TARGETS.perSecond * seconds
  const { events, totalKobo } = await heldTransfers(standInUrl, accountNumbers, count)
  // Each event once, in order, and a share of them again a few seconds after their first delivery.
  const deliveries = events.map((event) => ({
    body: event.body,
    signature: paystackSignature(event.body, STAND_IN_SECRET),
  }))
  const repeated = Math.round(count * REPEATED_SHARE)
  const lag = WEBHOOK_TARGETS.perSecond * 2
  for (let index = 0; index < repeated; index++) {
    const original = Math.floor((index * count) / repeated)
    deliveries.splice(Math.min(deliveries.length, original + lag + index), 0, {
      ...deliveries[original],
    })
  }

  const pageLoad = load(page.url, { cookie: page.cookie, connections: 10, duration: seconds + 2 })
  const answers = await sendFromChild({
    url: `${base}/api/v1/webhooks/paystack`,
    perSecond: WEBHOOK_TARGETS.perSecond,
    deliveries,
  })
  const pageResult = await pageLoad
  const summary = await settledSummary(base, adminToken, count)

  // Why deliveries still wait, if any do: the inbox keeps each one's last error.
  const stillWaiting = summary.waiting_deliveries
    ? (
        await json(`${base}/api/v1/admin/collections/delivery?status=received&page_size=100`, {
          token: adminToken,
        })
      ).data.items
    : []
  const waitingWhy = stillWaiting.reduce((tally, delivery) => {
    const key = `${delivery.error ?? 'not processed yet'} (attempts ${delivery.attempts})`
    tally[key] = (tally[key] ?? 0) + 1
    return tally
  }, {})
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  return {
    sent: answers.length,
    events: count,
    repeated,
    acknowledged: answers.filter((answer) => answer.status === 200).length,
    answeredAsDuplicate: answers.filter((answer) => answer.duplicate).length,
    // What the deliveries that were not acknowledged got instead: an HTTP status, or the error.
    notAcknowledged: answers
      .filter((answer) => answer.status !== 200)
      .reduce((tally, answer) => {
        const key = answer.status ? `HTTP ${answer.status}` : (answer.error ?? 'no answer')
        tally[key] = (tally[key] ?? 0) + 1
        return tally
      }, {}),
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    max: round(times[times.length - 1] ?? 0),
    page: {
      url: page.url,
      rps: Math.round(pageResult.requests.average),
      p50: pageResult.latency.p50,
      p99: pageResult.latency.p99,
      non2xx: pageResult.non2xx,
    },
    recorded: {
      count: summary.totals.count,
      amountPaid: summary.totals.amount_paid,
      expectedAmountPaid: totalKobo / 100,
      waiting: summary.waiting_deliveries,
      failed: summary.failed_deliveries,
      rejected: summary.rejected_deliveries,
      waitingWhy,
    },
  }
}

/** Each webhook figure beside its target, as `report` prints the pages'. */
export function webhookTargetLines(figures, mark) {
  const { recorded } = figures
  const appliedOnce =
    recorded.count === figures.events &&
    Math.abs(recorded.amountPaid - recorded.expectedAmountPaid) < 0.005 &&
    recorded.waiting === 0 &&
    recorded.failed === 0
  return [
    `${mark(figures.acknowledged === figures.sent && figures.p99 < WEBHOOK_TARGETS.p99Ms)} webhooks: ${figures.sent} signed deliveries at ${WEBHOOK_TARGETS.perSecond}/s (${figures.repeated} sent twice), ${figures.acknowledged} acknowledged${
      figures.acknowledged === figures.sent
        ? ''
        : ` (${Object.entries(figures.notAcknowledged)
            .map(([key, count]) => `${count}: ${key}`)
            .join(', ')})`
    }, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms (p99 < ${WEBHOOK_TARGETS.p99Ms}) while ${figures.page.url} ran at ${figures.page.rps} req/s (p99 ${figures.page.p99} ms)`,
    `${mark(appliedOnce)} webhooks applied once: ${recorded.count} of ${figures.events} transfers recorded, ₦${recorded.amountPaid.toLocaleString('en', { minimumFractionDigits: 2 })} of ₦${recorded.expectedAmountPaid.toLocaleString('en', { minimumFractionDigits: 2 })}, ${figures.answeredAsDuplicate} answered as already received, ${recorded.waiting} waiting${
      recorded.waiting
        ? ` (of 100 read: ${Object.entries(recorded.waitingWhy)
            .map(([why, count]) => `${count} ${why}`)
            .join('; ')})`
        : ''
    }, ${recorded.failed} failed`,
  ]
}

if (process.argv[2] === '--send') {
  let input = ''
  process.stdin.setEncoding('utf8')
  for await (const chunk of process.stdin) input += chunk
  process.stdout.write(JSON.stringify(await send(JSON.parse(input))))
}

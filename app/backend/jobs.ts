import { getConfig } from './config'
import type { Database } from './db/client'
import { readCache } from './http/read-cache'
import { removeUnattachedUploads } from './media/quota'
import { pruneRateLimitEvents } from './rate-limit'
import { removeOldStatementUploads } from './reconciliation/service'
import { subscriptionJobs } from './subscriptions/jobs'
import { processWaitingDeliveries } from './collections/inbox'
import { openPendingAccounts } from './virtual-accounts/service'
import { webhookSecret } from './payment-provider'

type Job = { name: string; run: (db: Database, now: Date) => Promise<void> }

/**
 * Payment provider leftovers: webhook deliveries the provider did not answer for when they came,
 * and account numbers it did not open. Also run every few minutes, beside the daily run.
 */
export const providerJobs: Job[] = [
  {
    name: 'process-waiting-deliveries',
    run: (db, now) => processWaitingDeliveries(db, now).then(() => {}),
  },
  { name: 'open-pending-accounts', run: (db, now) => openPendingAccounts(db, now).then(() => {}) },
]
const PROVIDER_TICK = 5 * 60_000

/** Daily jobs; later modules add theirs (payment reminders, payout statuses, expiring unpaid subscriptions). */
export const dailyJobs: Job[] = [
  { name: 'prune-rate-limit-events', run: (db) => pruneRateLimitEvents(db) },
  ...subscriptionJobs,
  {
    name: 'remove-unattached-uploads',
    run: (db, now) => removeUnattachedUploads(db, now).then(() => {}),
  },
  // A statement read for a preview and never imported is kept a day.
  { name: 'remove-old-statement-uploads', run: (db, now) => removeOldStatementUploads(db, now) },
  ...providerJobs,
]

const HOUR = 3600_000

export function startJobs(db: Database) {
  if (!getConfig().JOBS) return
  const tick = () =>
    runDailyJobs(db, new Date()).catch((error) => console.error('Daily jobs failed:', error))
  setTimeout(tick, 5_000).unref()
  setInterval(tick, HOUR).unref()
  const providerTick = () =>
    runProviderJobs(db, new Date()).catch((error) =>
      console.error('Payment provider jobs failed:', error),
    )
  if (webhookSecret('paystack') || webhookSecret('monnify'))
    setInterval(providerTick, PROVIDER_TICK).unref()
}

export async function runProviderJobs(db: Database, now: Date) {
  try {
    for (const job of providerJobs) await job.run(db, now)
  } finally {
    readCache.invalidate()
  }
}

export async function runDailyJobs(db: Database, now: Date) {
  try {
    for (const job of dailyJobs) await job.run(db, now)
  } finally {
    readCache.invalidate()
  }
}

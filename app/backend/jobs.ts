import { getConfig } from './config'
import type { Database } from './db/client'
import { readCache } from './http/read-cache'
import { removeUnattachedUploads } from './media/quota'
import { pruneRateLimitEvents } from './rate-limit'
import { removeOldStatementUploads } from './reconciliation/service'
import { subscriptionJobs } from './subscriptions/jobs'

type Job = { name: string; run: (db: Database, now: Date) => Promise<void> }

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
]

const HOUR = 3600_000

export function startJobs(db: Database) {
  if (!getConfig().JOBS) return
  const tick = () =>
    runDailyJobs(db, new Date()).catch((error) => console.error('Daily jobs failed:', error))
  setTimeout(tick, 5_000).unref()
  setInterval(tick, HOUR).unref()
}

export async function runDailyJobs(db: Database, now: Date) {
  try {
    for (const job of dailyJobs) await job.run(db, now)
  } finally {
    readCache.invalidate()
  }
}

import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { signInDevices } from '../db/schema'

/**
 * The browser a sign-in or sign-up comes from: the web layer keeps a random id in a long-lived
 * cookie of its own (it outlives sign-outs) and sends it in this header. Other clients may send
 * one too; without it nothing is recorded. Only a hash is kept.
 */
export const DEVICE_HEADER = 'x-device-id'
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/

export function deviceHashOf(request: Request): string | null {
  const id = request.headers.get(DEVICE_HEADER)?.trim()
  if (!id || !DEVICE_ID.test(id)) return null
  return crypto.createHash('sha256').update(id).digest('hex')
}

/** Records that `userId` signed in (or up) from the request's browser, for the self-referral check of commissions. */
export async function rememberDevice(tx: Executor, userId: number, request: Request) {
  const deviceHash = deviceHashOf(request)
  if (!deviceHash) return
  await tx
    .insert(signInDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({
      target: [signInDevices.userId, signInDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    })
}

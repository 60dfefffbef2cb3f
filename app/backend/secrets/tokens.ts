import crypto from 'node:crypto'

/** A random 32-byte token for the caller, and the hash that is all the database keeps. */
export function newToken() {
  const token = crypto.randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}

export function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export function newOneTimeCode() {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function safeEqual(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

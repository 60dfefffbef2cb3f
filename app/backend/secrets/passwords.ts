import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): about 13 ms a hash on these machines.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string) {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    // Spend the same time as a real check so timing does not tell whether the account exists.
    await hash(password, OPTIONS)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

import crypto from 'node:crypto'

export type ReferencePrefix = 'PRD' | 'SUB' | 'TRX' | 'CUS' | 'RLT' | 'USR' | 'STM' | 'CHK' | 'CRD'

// No 0/O or 1/I: references are read aloud and typed from bank transfer narrations.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export function newReference(prefix: ReferencePrefix, length = 8) {
  const bytes = crypto.randomBytes(length)
  let code = ''
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length]
  return `${prefix}-${code}`
}

export function referencePrefixForRole(role: string): ReferencePrefix {
  if (role === 'customer') return 'CUS'
  if (role === 'realtor') return 'RLT'
  return 'USR'
}

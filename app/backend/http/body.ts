import { badRequest } from './errors'

/** A JSON body: an object, without NUL characters; `{}` when empty. */
export function parseJsonBody(bytes: Uint8Array): Record<string, unknown> {
  const text = new TextDecoder().decode(bytes)
  if (!text.trim()) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object')
  }
  if (hasNul(parsed)) throw badRequest(NUL_REFUSED)
  return parsed as Record<string, unknown>
}

export const NUL_REFUSED = 'The request may not contain NUL characters (\\u0000)'

/** Whether a string, or any key or string inside an object or array, holds a NUL character. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(hasNul)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item))
  }
  return false
}

import { isFileResponse, type Endpoint } from '~/contract/endpoint'

/**
 * An answer's data as its entry's response schema gives it: a field the entry does not declare
 * never leaves the server. `strict` (API_CHECK_RESPONSES, on under test) makes such a field an
 * error instead, so the table cannot drift from what the handlers send.
 */
export function serialise(endpoint: Endpoint, data: unknown, { strict }: { strict: boolean }) {
  if (isFileResponse(endpoint.response))
    throw new Error(
      `${endpoint.method} ${endpoint.path} is a download: its handler must answer a Response`,
    )
  const sent = data === undefined ? null : data
  const checked = endpoint.response.safeParse(sent)
  if (!checked.success) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered data its entry does not describe: ${checked.error.message}`,
    )
  }
  if (strict) {
    const undeclared = undeclaredFields(JSON.parse(JSON.stringify(sent)), checked.data)
    if (undeclared.length)
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered fields its entry does not declare: ${undeclared.join(', ')}`,
      )
  }
  return checked.data
}

/** The paths of fields in `sent` that the schema's output dropped. */
function undeclaredFields(sent: unknown, kept: unknown, at = 'data'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, index) => undeclaredFields(item, kept[index], `${at}[${index}]`))
  if (!isPlainObject(sent) || !isPlainObject(kept)) return []
  return Object.keys(sent).flatMap((key) =>
    key in kept ? undeclaredFields(sent[key], kept[key], `${at}.${key}`) : [`${at}.${key}`],
  )
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

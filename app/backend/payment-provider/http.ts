/**
 * Calls to a provider's API: global fetch with a deadline. A provider that does not answer in
 * time, cannot be reached or answers 5xx is unavailable (the caller leaves the work for a retry);
 * a 4xx is its answer, handed back.
 */

export const PROVIDER_TIMEOUT_MS = 10_000

export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`${provider} is not answering: ${reason}`)
    this.name = 'ProviderUnavailableError'
  }
}

/** A refusal the provider gave (4xx) that the caller did not expect. */
export class ProviderRefusedError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly providerMessage: string,
  ) {
    super(`${provider} refused the call (${status}): ${providerMessage}`)
    this.name = 'ProviderRefusedError'
  }
}

export type ProviderAnswer = { status: number; body: Record<string, unknown> }

export async function callProvider(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  const send = () =>
    fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  let response: Response
  try {
    // A kept-alive connection the provider closed as it was reused is reset before the request
    // reaches it: sent once more on a new connection.
    response = await send().catch((error) => (wasReset(error) ? send() : Promise.reject(error)))
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error)
    throw new ProviderUnavailableError(provider, reason)
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw new ProviderUnavailableError(provider, `the answer was cut off (${String(error)})`)
  }
  if (response.status >= 500)
    throw new ProviderUnavailableError(provider, `it answered ${response.status}`)
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    throw new ProviderUnavailableError(provider, `it answered ${response.status} with no JSON`)
  }
  return {
    status: response.status,
    body:
      body && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {},
  }
}

function wasReset(error: unknown) {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET'
}

/** A field of an answer as text ('' when absent or not text). */
export const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** A nested object of an answer ({} when absent). */
export const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

import type { FieldErrors } from '~/contract/envelope'

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly data: unknown = null,
    /** For a 429: how many seconds until the limit frees, sent as `Retry-After`. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, 'badRequest', message)
export const unauthorized = (message = 'Unauthenticated') =>
  new ApiError(401, 'unauthorized', message)
export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, 'forbidden', message)
export const notFound = (message = 'Not found') => new ApiError(404, 'notFound', message)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)
/** A limit reached: `retryAfterSeconds` is when it frees (at least 1, whole seconds), sent as `Retry-After`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'tooManyRequests', message, null, Math.max(1, Math.ceil(retryAfterSeconds)))

export function validationError(fields: FieldErrors, message = 'The given data was invalid') {
  return new ApiError(422, 'payloadValidationError', message, fields)
}

/** One field's error, answered like any other validation failure. */
export function fieldError(field: string, message: string) {
  return validationError({ [field]: [message] }, message)
}

/**
 * A valid request refused by the state of things (the records, the caller's own data, today's
 * date): 409 with the field it is about, so a form still shows the message next to it. A rule the
 * request alone decides belongs in the entry's schema instead, where it answers 422.
 */
export function refusedField(field: string, message: string) {
  return new ApiError(409, 'conflict', message, { [field]: [message] })
}

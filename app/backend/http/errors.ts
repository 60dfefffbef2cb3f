import type { FieldErrors } from '~/contract/envelope'

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, 'badRequest', message)
export const unauthorized = (message = 'Unauthenticated') => new ApiError(401, 'unauthorized', message)
export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, 'forbidden', message)
export const notFound = (message = 'Not found') => new ApiError(404, 'notFound', message)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)
export const tooManyRequests = (message: string) => new ApiError(429, 'tooManyRequests', message)

export function validationError(fields: FieldErrors, message = 'The given data was invalid') {
  return new ApiError(422, 'payloadValidationError', message, fields)
}

/** One field's error, answered like any other validation failure. */
export function fieldError(field: string, message: string) {
  return validationError({ [field]: [message] }, message)
}

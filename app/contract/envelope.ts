export const SUCCESS_STATUS = '200'
export const VALIDATION_STATUS = 'payloadValidationError'

export type FieldErrors = Record<string, string[]>

export type ApiEnvelope<T = unknown> =
  | { status: typeof SUCCESS_STATUS; message: string; data: T }
  | { status: typeof VALIDATION_STATUS; message: string; data: FieldErrors }
  | { status: string; message: string; data: null }

export type Paginated<T> = {
  items: T[]
  page: number
  page_size: number
  total: number
  total_pages: number
  /** total_pages, under the name the original clients read. */
  totalPages: number
}

export const PAGE_SIZE = 10

import type { z } from 'zod'
import type { Access, BodyOf, Endpoint, ParamsOf, QueryOf } from '~/contract/endpoint'
import type { FieldErrors } from '~/contract/envelope'
import { PAGE_SIZE, type Paginated } from '~/contract/envelope'
import { hasPermission, type Permission, type Role } from '~/contract/permissions'
import type { Database } from '../db/client'
import { ApiError, forbidden, notFound, unauthorized, validationError } from './errors'

export type ApiUser = {
  id: number
  uuid: string
  reference: string
  email: string
  firstName: string
  lastName: string
  businessName: string | null
  role: Role
  permissions: Permission[]
  emailVerified: boolean
  realtorId: number | null
}

export type ApiContext = {
  request: Request
  url: URL
  params: Record<string, string>
  db: Database
  user: ApiUser | null
  token: string | null
  /** The client's address: only known when a trusted proxy says so, or from the web layer in-process. */
  clientIp: string | null
  requestId: string
  /** The body's exact bytes, for an entry that reads them itself (`rawBody`); empty otherwise. */
  rawBody: Uint8Array
}

/** What a handler of a table entry receives: input already parsed by the entry's schemas, access already checked. */
export type HandlerContext<E extends Endpoint> = Omit<ApiContext, 'params' | 'user' | 'token'> & {
  params: ParamsOf<E>
  query: QueryOf<E>
  /** An entry that reads its raw body parses it itself. */
  body: E extends { rawBody: true } ? Record<string, never> : BodyOf<E>
  user: E['access'] extends 'public' ? ApiUser | null : ApiUser
  token: E['access'] extends 'public' ? string | null : string
}

export type { Access }

export type SignedInContext = ApiContext & { user: ApiUser; token: string }

export function requireUser(ctx: ApiContext): ApiUser {
  if (!ctx.user) throw unauthorized()
  return ctx.user
}

/** The caller must hold one of the permissions (super_admin holds them all). */
export function requirePermission(ctx: ApiContext, ...anyOf: Permission[]): ApiUser {
  const user = requireUser(ctx)
  if (!hasPermission(user, ...anyOf)) throw forbidden()
  return user
}

/** Validates a value against a contract schema; failures answer payloadValidationError, field → messages. */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body'
    ;(fields[field] ??= []).push(issue.message)
  }
  const first = Object.values(fields)[0]?.[0]
  throw validationError(fields, first ?? 'The given data was invalid')
}

/**
 * parseValue for rules read against a stored record (a product's own type): the request is valid
 * by its schema, so a failure is a refusal by the state of things, 409 with the fields named.
 */
export function parseAgainstRecord<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  try {
    return parseValue(schema, value)
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 422)
      throw new ApiError(409, 'conflict', error.message, error.data)
    throw error
  }
}

/** One page of a list: its items, the page, the page size, the total the filters match and the pages it makes. */
export function paginated<T>(items: T[], page: number, total: number | string): Paginated<T> {
  const count = Number(total)
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE))
  return {
    items,
    page,
    page_size: PAGE_SIZE,
    total: count,
    total_pages: pages,
    totalPages: pages,
  }
}

export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE

/** Something the caller may not see answers 404, so its existence is not revealed. */
export function orNotFound<T>(value: T | undefined | null, message = 'Not found'): T {
  if (value === undefined || value === null) throw notFound(message)
  return value
}

export { ApiError }

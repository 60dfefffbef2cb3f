import type { z } from 'zod'
import type { Access, BodyOf, Endpoint, ParamsOf, QueryOf } from '~/contract/endpoint'
import type { FieldErrors } from '~/contract/envelope'
import { PAGE_SIZE } from '~/contract/envelope'
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

export function paginated<T>(items: T[], page: number, total: number) {
  return { items, page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE

/** Something the caller may not see answers 404, so its existence is not revealed. */
export function orNotFound<T>(value: T | undefined | null, message = 'Not found'): T {
  if (value === undefined || value === null) throw notFound(message)
  return value
}

export { ApiError }

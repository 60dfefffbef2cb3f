import { z } from 'zod'
import { hasPermission, type Permission, type Principal, type Role } from './permissions'

export type HttpMethod = 'GET' | 'POST'

/**
 * Who may call an endpoint, checked by the API's router before the handler runs:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any valid token, e-mail verified or not (signing out, entering the e-mail code);
 * - `verified`: a token whose account has a verified e-mail, what every business endpoint needs;
 * - `{ roles, permissions }`: verified, and the caller has one of the roles or holds one of the
 *   permissions (the super admin holds them all).
 * What a caller may see inside an endpoint (their own subscription, a realtor's own customers) is
 * the handler's business, on top of this.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'verified'
  | { readonly roles?: readonly Role[]; readonly permissions?: readonly Permission[] }

/** A download: the answer is a file of one of these types, not the JSON envelope. */
export type FileResponse = { readonly file: readonly string[] }

export type ResponseSpec = z.ZodType | FileResponse

/** `product/:reference/payment-plan/:uuid` → 'reference' | 'uuid'. */
export type ParamNames<Path extends string> = string extends Path
  ? string
  : Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

export type EndpointSpec = {
  readonly method: HttpMethod
  /** Relative to /api/v1, with :name placeholders. */
  readonly path: string
  readonly summary: string
  /** The group it is listed under in the API reference. */
  readonly tag: string
  readonly access: Access
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly response: ResponseSpec
  /** What the summary cannot say: rules a client needs to know (shown in the API reference). */
  readonly description?: string
}

export type Endpoint<Spec extends EndpointSpec = EndpointSpec> = Spec & {
  readonly params: z.ZodObject<Record<ParamNames<Spec['path']>, z.ZodString>>
  readonly paramNames: readonly ParamNames<Spec['path']>[]
}

/** A path parameter as the router hands it over: one decoded segment. */
const pathParam = z.string().min(1).max(200)

export function endpoint<const Spec extends EndpointSpec>(spec: Spec): Endpoint<Spec> {
  const paramNames = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((found) => found[1]) as ParamNames<Spec['path']>[]
  const shape = Object.fromEntries(paramNames.map((name) => [name, pathParam]))
  return {
    ...spec,
    params: z.object(shape) as unknown as Endpoint<Spec>['params'],
    paramNames,
  }
}

export const file = (...types: string[]): FileResponse => ({ file: types })

export function isFileResponse(response: ResponseSpec): response is FileResponse {
  return 'file' in response && Array.isArray((response as FileResponse).file)
}

export type ParamsOf<E extends EndpointSpec> = Record<ParamNames<E['path']>, string>
export type QueryOf<E extends EndpointSpec> = E['query'] extends z.ZodType ? z.output<E['query']> : Record<string, never>
export type BodyOf<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.output<E['body']> : Record<string, never>
export type BodyInputOf<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : never
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.output<E['response']> : never

/** Whether a caller (null: signed out) passes an endpoint's access rule: the one place such rules are read. */
export function mayCall(user: Principal | null, access: Access, emailVerified = true): boolean {
  if (access === 'public') return true
  if (!user) return false
  if (access === 'signed-in') return true
  if (!emailVerified) return false
  if (access === 'verified') return true
  if (access.roles?.includes(user.role)) return true
  return access.permissions ? hasPermission(user, ...access.permissions) : false
}

/** The path of a call: the template with each parameter encoded as one segment. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs its ${name} parameter`)
    return encodeURIComponent(value)
  })
}

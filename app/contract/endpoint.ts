import { z } from 'zod'
import type { Access } from './access'

export type HttpMethod = 'GET' | 'POST'

export { mayCall, type Access } from './access'

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

/** A failure an entry can answer besides its success, by HTTP status (the answer is the error envelope). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429

export type EndpointSpec = {
  readonly method: HttpMethod
  /** Relative to /api/v1, with :name placeholders. */
  readonly path: string
  readonly summary: string
  /** The group it is listed under in the API reference. */
  readonly tag: string
  readonly access: Access
  readonly query?: z.ZodType
  /** What a path parameter must be, when more than one segment of 1 to 200 characters. */
  readonly paramRules?: { readonly [name: string]: z.ZodString }
  readonly body?: z.ZodType
  readonly response: ResponseSpec
  /** What the summary cannot say: rules a client needs to know (shown in the API reference). */
  readonly description?: string
  /** A list that also answers `?format=csv`: every row its filters match, streamed as a CSV download. */
  readonly exportsCsv?: true
  /**
   * The handler gets the body's exact bytes (`rawBody`) unread and checks them against `body`
   * itself, once it has checked what only the bytes can show (a webhook's signature). JSON only.
   */
  readonly rawBody?: true
  /** How large a body may be, when not the API's default (4 MB), and the message (and field) of a refusal. */
  readonly bodyLimit?: { readonly bytes: number; readonly message: string; readonly field?: string }
  /**
   * The failures its handler answers itself, each with when: the API document declares them beside
   * those that follow from the entry (401/403 from its access rule, 422 and 413 from its input, 404
   * from a path id). A 429 is answered with a Retry-After header.
   */
  readonly errors?: { readonly [Status in ErrorStatus]?: string }
  /** A body and the `data` of its answer as a client would send and get them, for the API document. */
  readonly examples?: { readonly body?: unknown; readonly response?: unknown }
}

export type Endpoint<Spec extends EndpointSpec = EndpointSpec> = Spec & {
  readonly params: z.ZodObject<Record<ParamNames<Spec['path']>, z.ZodString>>
  readonly paramNames: readonly ParamNames<Spec['path']>[]
}

/** A path parameter as the router hands it over: one decoded segment. */
const pathParam = z.string().min(1).max(200)

export function endpoint<const Spec extends EndpointSpec>(spec: Spec): Endpoint<Spec> {
  const paramNames = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map(
    (found) => found[1],
  ) as ParamNames<Spec['path']>[]
  const shape = Object.fromEntries(
    paramNames.map((name) => [name, spec.paramRules?.[name] ?? pathParam]),
  )
  return {
    ...spec,
    params: z.object(shape) as unknown as Endpoint<Spec>['params'],
    paramNames,
  }
}

export const file = (...types: string[]): FileResponse => ({ file: types })

/** A list entry that answers `?format=csv` with a download. */
export type CsvExportEndpoint = Endpoint & { readonly exportsCsv: true }

export function isFileResponse(response: ResponseSpec): response is FileResponse {
  return 'file' in response && Array.isArray((response as FileResponse).file)
}

export type ParamsOf<E extends EndpointSpec> = Record<ParamNames<E['path']>, string>
export type QueryOf<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : Record<string, never>
export type BodyOf<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? z.output<E['body']>
  : Record<string, never>
export type BodyInputOf<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : never
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never

/** The path of a call: the template with each parameter encoded as one segment. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs its ${name} parameter`)
    return encodeURIComponent(value)
  })
}

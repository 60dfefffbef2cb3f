import type { z } from 'zod'
import type { Endpoint, FileResponse, HttpMethod } from '~/contract/endpoint'
import type { EndpointName, endpoints } from '~/contract/endpoints'
import type { ApiContext, HandlerContext } from './context'

export type { ApiContext, HttpMethod }

type Table = typeof endpoints

/** What a JSON entry's handler answers: its data as the entry's response schema takes it. */
type JsonResult<Data> = { message?: string } & (null extends Data
  ? { data?: Data }
  : { data: Data })

/**
 * What a handler answers: a download a Response; a list that exports its page, or the CSV as a
 * Response; every other entry its data, typed by the entry's response schema.
 */
export type HandlerResult<E extends Endpoint> = E['response'] extends FileResponse
  ? Response
  : E['response'] extends z.ZodType
    ? E extends { exportsCsv: true }
      ? JsonResult<z.input<E['response']>> | Response
      : JsonResult<z.input<E['response']>>
    : never

/** A handler bound to its entry: the entry is part of its type, so it cannot stand under another name. */
export type Handler<E extends Endpoint> = ((
  ctx: HandlerContext<E>,
) => Promise<HandlerResult<E>>) & { readonly endpoint: E }

/** Some of the table's handlers, each under its entry's name: what one domain module exports. */
export type HandlerTable = { [Name in EndpointName]?: Handler<Table[Name]> }

/** Every entry of the table with its handler: a missing one fails to compile. */
export type Handlers = { [Name in EndpointName]: Handler<Table[Name]> }

/** Binds a handler to its entry of the endpoint table: it gets parsed, typed input and answers the entry's type. */
export function implement<E extends Endpoint>(
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>,
): Handler<E> {
  return Object.assign((ctx: HandlerContext<E>) => handler(ctx), { endpoint })
}

/** An entry of the table as the router serves it. */
export type Route = {
  name: string
  method: HttpMethod
  path: string
  endpoint: Endpoint
  handler: (ctx: HandlerContext<Endpoint>) => Promise<unknown>
}

type CompiledRoute = { route: Route; pattern: RegExp; names: string[]; weight: number }

/**
 * The router of an endpoint table: each entry answered by the handler under its name. A path is
 * matched against static segments before parameters, whatever the table's order, so
 * `admin/customer/export` is never taken for `admin/customer/:id`.
 */
export function createRouter<T extends Record<string, Endpoint>>(
  table: T,
  handlers: { [Name in keyof T]: Handler<T[Name]> },
) {
  const routes: Route[] = Object.entries(table).map(([name, endpoint]) => {
    const handler = handlers[name as keyof T]
    if (handler?.endpoint !== endpoint)
      throw new Error(`The handler under ${name} does not answer the entry ${name}`)
    return {
      name,
      method: endpoint.method,
      path: endpoint.path,
      endpoint,
      handler: handler as unknown as Route['handler'],
    }
  })
  const compiled: CompiledRoute[] = routes.map((route) => {
    const names: string[] = []
    const segments = trimSlashes(route.path).split('/')
    const source = segments
      .map((segment) => {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1))
          return '([^/]+)'
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('/')
    return { route, pattern: new RegExp(`^${source}$`), names, weight: staticWeight(segments) }
  })
  compiled.sort((a, b) => b.weight - a.weight)

  return {
    routes,
    /** The route for a method and path; `allowed` lists methods the path answers to when none matched. */
    match(
      method: string,
      path: string,
    ): { route: Route | null; params: Record<string, string>; allowed: string[] } {
      const clean = trimSlashes(path)
      const allowed: string[] = []
      for (const { route, pattern, names } of compiled) {
        const found = pattern.exec(clean)
        if (!found) continue
        if (route.method !== method) {
          allowed.push(route.method)
          continue
        }
        const params: Record<string, string> = {}
        names.forEach((name, index) => {
          params[name] = safeDecode(found[index + 1])
        })
        return { route, params, allowed }
      }
      return { route: null, params: {}, allowed }
    },
  }
}

/** Static segments outweigh parameters, and an earlier segment outweighs every later one. */
function staticWeight(segments: string[]) {
  return segments.reduce(
    (weight, segment, index) => weight + (segment.startsWith(':') ? 0 : 2 ** (20 - index)),
    0,
  )
}

function trimSlashes(path: string) {
  return path.replace(/^\/+|\/+$/g, '')
}

/** A parameter as sent when it does not decode, or decodes to a NUL (which no record holds and PostgreSQL refuses). */
function safeDecode(value: string) {
  try {
    const decoded = decodeURIComponent(value)
    return decoded.includes('\u0000') ? value : decoded
  } catch {
    return value
  }
}

import type { Endpoint, HttpMethod } from '~/contract/endpoint'
import type { ApiContext, HandlerContext } from './context'

export type { HttpMethod }

export type ApiSuccess = { message?: string; data?: unknown }

/** An endpoint of the table with the function that answers it. */
export type ImplementedRoute = {
  method: HttpMethod
  path: string
  endpoint: Endpoint
  handler: (ctx: HandlerContext<Endpoint>) => Promise<ApiSuccess | Response>
}

export type Route = ImplementedRoute

/** Registers a handler against its entry of the endpoint table: it gets parsed, typed input. */
export function implement<E extends Endpoint>(
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<ApiSuccess | Response>,
): ImplementedRoute {
  return {
    method: endpoint.method,
    path: endpoint.path,
    endpoint,
    handler: handler as unknown as ImplementedRoute['handler'],
  }
}

type CompiledRoute<R extends Route> = { route: R; pattern: RegExp; names: string[] }

export function createRouter<R extends Route>(routes: R[]) {
  const compiled: CompiledRoute<R>[] = routes.map((route) => {
    const names: string[] = []
    const source = trimSlashes(route.path)
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1))
          return '([^/]+)'
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('/')
    return { route, pattern: new RegExp(`^${source}$`), names }
  })

  return {
    /** The route for a method and path; `allowed` lists methods the path answers to when none matched. */
    match(method: string, path: string): { route: R | null; params: Record<string, string>; allowed: string[] } {
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

export type { ApiContext }

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

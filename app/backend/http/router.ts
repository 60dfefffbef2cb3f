import type { ApiContext } from './context'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * public: anyone. user: signed in, e-mail verified or not (sign-out, code entry).
 * verified: signed in with a verified e-mail; what every business endpoint needs.
 */
export type AuthMode = 'public' | 'user' | 'verified'

export type ApiSuccess = { message?: string; data?: unknown }
export type Handler = (ctx: ApiContext) => Promise<ApiSuccess | Response>

export type RouteDefinition = {
  method: HttpMethod
  /** Relative to /api/v1, with :name placeholders: 'product/:reference/payment-plan'. */
  path: string
  auth: AuthMode
  handler: Handler
}

type CompiledRoute = RouteDefinition & { pattern: RegExp; names: string[] }

export function createRouter(routes: RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes.map((route) => {
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
    return { ...route, pattern: new RegExp(`^${source}$`), names }
  })

  return {
    /** The route for a method and path; `allowed` lists methods the path answers to when none matched. */
    match(method: string, path: string) {
      const clean = trimSlashes(path)
      const allowed: string[] = []
      for (const route of compiled) {
        const found = route.pattern.exec(clean)
        if (!found) continue
        if (route.method !== method) {
          allowed.push(route.method)
          continue
        }
        const params: Record<string, string> = {}
        route.names.forEach((name, index) => {
          params[name] = safeDecode(found[index + 1])
        })
        return { route, params, allowed }
      }
      return { route: null, params: {}, allowed }
    },
  }
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

import type { Endpoint } from '../endpoint'
import { peopleEndpoints } from './people'
import { productEndpoints } from './products'

/**
 * Every /api/v1 endpoint: method, path, who may call it, the schemas of its query, body and
 * answer. The API registers each handler against its entry (app/backend/routes.ts), the web layer
 * calls the API only through these entries, and /api/v1/openapi.json is generated from them.
 */
export const endpoints = {
  ...productEndpoints,
  ...peopleEndpoints,
} as const

export type EndpointName = keyof typeof endpoints

export const endpointList: readonly (Endpoint & { name: EndpointName })[] = Object.entries(endpoints).map(
  ([name, entry]) => ({ ...(entry as Endpoint), name: name as EndpointName }),
)

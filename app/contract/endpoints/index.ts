import type { Endpoint } from '../endpoint'
import { arrearsEndpoints } from './arrears'
import { auditEndpoints } from './audit'
import { authEndpoints } from './auth'
import { collectionEndpoints } from './collections'
import { commissionEndpoints } from './commissions'
import { dashboardEndpoints } from './dashboard'
import { documentEndpoints } from './documents'
import { estateEndpoints } from './estates'
import { healthEndpoints } from './health'
import { mediaEndpoints } from './media'
import { notificationEndpoints } from './notifications'
import { payoutEndpoints } from './payouts'
import { peopleEndpoints } from './people'
import { productEndpoints } from './products'
import { profileEndpoints } from './profile'
import { reconciliationEndpoints } from './reconciliation'
import { referenceEndpoints } from './reference'
import { settingEndpoints } from './settings'
import { subscriptionEndpoints } from './subscriptions'
import { titleEndpoints } from './titles'

/**
 * Every /api/v1 endpoint: method, path, who may call it, the schemas of its query, body and
 * answer. The API registers each handler against its entry (app/backend/routes.ts), the web layer
 * calls the API only through these entries, and /api/v1/openapi.json is generated from them.
 */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...dashboardEndpoints,
  ...notificationEndpoints,
  ...productEndpoints,
  ...referenceEndpoints,
  ...settingEndpoints,
  ...subscriptionEndpoints,
  ...payoutEndpoints,
  ...arrearsEndpoints,
  ...mediaEndpoints,
  ...peopleEndpoints,
  ...profileEndpoints,
  ...titleEndpoints,
  ...documentEndpoints,
  ...commissionEndpoints,
  ...auditEndpoints,
  ...reconciliationEndpoints,
  ...estateEndpoints,
  ...collectionEndpoints,
} as const

export type EndpointName = keyof typeof endpoints

export const endpointList: readonly (Endpoint & { name: EndpointName })[] = Object.entries(
  endpoints,
).map(([name, entry]) => ({ ...(entry as Endpoint), name: name as EndpointName }))

import { auditRoutes } from './audit/routes'
import { authRoutes } from './auth/routes'
import { commissionsRoutes } from './commissions/routes'
import { dashboardRoutes } from './dashboard/routes'
import { documentsRoutes } from './documents/routes'
import { healthRoutes } from './health'
import { mediaRoutes } from './media/routes'
import { notificationsRoutes } from './notifications/routes'
import { payoutsRoutes } from './payouts/routes'
import { peopleRoutes } from './people/routes'
import { productsRoutes } from './products/routes'
import { reconciliationRoutes } from './reconciliation/routes'
import { profileRoutes } from './profile/routes'
import { referenceRoutes } from './reference/routes'
import { settingsRoutes } from './settings/routes'
import { subscriptionsRoutes } from './subscriptions/routes'
import { titlesRoutes } from './titles/routes'
import { arrearsRoutes } from './subscriptions/arrears-routes'
import type { Route } from './http/router'

export const routes: Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...dashboardRoutes,
  ...notificationsRoutes,
  ...productsRoutes,
  ...mediaRoutes,
  ...subscriptionsRoutes,
  ...titlesRoutes,
  ...payoutsRoutes,
  ...arrearsRoutes,
  ...peopleRoutes,
  ...profileRoutes,
  ...settingsRoutes,
  ...referenceRoutes,
  ...documentsRoutes,
  ...commissionsRoutes,
  ...auditRoutes,
  ...reconciliationRoutes,
]

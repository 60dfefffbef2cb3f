import { authRoutes } from './auth/routes'
import { commissionsRoutes } from './commissions/routes'
import { dashboardRoutes } from './dashboard/routes'
import { healthRoutes } from './health'
import { mediaRoutes } from './media/routes'
import { notificationsRoutes } from './notifications/routes'
import { peopleRoutes } from './people/routes'
import { productsRoutes } from './products/routes'
import { profileRoutes } from './profile/routes'
import { referenceRoutes } from './reference/routes'
import { settingsRoutes } from './settings/routes'
import { subscriptionsRoutes } from './subscriptions/routes'
import type { Route } from './http/router'

export const routes: Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...dashboardRoutes,
  ...notificationsRoutes,
  ...productsRoutes,
  ...mediaRoutes,
  ...subscriptionsRoutes,
  ...peopleRoutes,
  ...profileRoutes,
  ...settingsRoutes,
  ...referenceRoutes,
  ...commissionsRoutes,
]

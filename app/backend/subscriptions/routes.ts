import type { RouteDefinition } from '../http/router'

export const subscriptionsRoutes: RouteDefinition[] = []

import type { RouteDefinition } from '../http/router'

export const dashboardRoutes: RouteDefinition[] = []

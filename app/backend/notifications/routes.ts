import type { RouteDefinition } from '../http/router'

export const notificationsRoutes: RouteDefinition[] = []

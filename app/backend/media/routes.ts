import type { RouteDefinition } from '../http/router'

export const mediaRoutes: RouteDefinition[] = []

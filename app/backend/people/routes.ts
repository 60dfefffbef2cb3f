import type { RouteDefinition } from '../http/router'

export const peopleRoutes: RouteDefinition[] = []

import type { RouteDefinition } from '../http/router'

export const productsRoutes: RouteDefinition[] = []

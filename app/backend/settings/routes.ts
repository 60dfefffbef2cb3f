import type { RouteDefinition } from '../http/router'

export const settingsRoutes: RouteDefinition[] = []

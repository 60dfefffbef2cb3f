import { z } from 'zod'
import { endpoint } from '../endpoint'

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    tag: 'Health',
    summary: 'Whether the API is up and reaches its database',
    description: 'Answers 503 when the database cannot be reached.',
    access: 'public',
    response: z.object({ database: z.literal('ok') }),
  }),
} as const

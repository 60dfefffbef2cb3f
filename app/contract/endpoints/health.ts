import { z } from 'zod'
import { endpoint } from '../endpoint'

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    tag: 'Health',
    summary: 'Whether the API is up and reaches its database',
    description:
      'Answers 503 when the database cannot be reached, and from the moment the server is told to stop (it finishes what it is answering, then exits): a load balancer then sends it nothing new.',
    access: 'public',
    response: z.object({ database: z.literal('ok') }),
  }),
} as const

import { endpoint, file } from '../endpoint'

export const referenceEndpoints = {
  openApiDocument: endpoint({
    method: 'GET',
    path: 'openapi.json',
    tag: 'Reference',
    summary: 'This API described as an OpenAPI 3.1 document',
    description:
      'Generated from the same endpoint table the API routes by, so it lists exactly what is served.',
    access: 'public',
    response: file('application/json'),
  }),
  apiReference: endpoint({
    method: 'GET',
    path: 'docs',
    tag: 'Reference',
    summary: 'A readable API reference (HTML), rendered from the OpenAPI document',
    access: 'public',
    response: file('text/html'),
  }),
} as const

/**
 * The payment provider for API tests: the stand-in (tools/provider-stand-in) started from code on
 * a free port, the app's settings pointed at it (before the API reads them: call this before
 * createTestApi), and the embedded API served over HTTP on another free port, so the stand-in's
 * signed webhooks reach it as they reach a real server, byte for byte.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { startStandIn, type StandIn } from '../../tools/provider-stand-in/server.mjs'

export type Provider = 'paystack' | 'monnify'

export type PaymentTestProvider = {
  standIn: StandIn
  provider: Provider
  /** The API's address over HTTP, once `serve` ran. */
  url: string
  /** Serves the embedded API over HTTP and points the stand-in's webhooks at it. */
  serve(): Promise<void>
  /** Resolves once the stand-in delivers nothing and the app processes nothing. */
  settle(): Promise<void>
  /** The secret the configured provider signs webhooks with. */
  secret: string
  close(): Promise<void>
}

/**
 * Starts the stand-in and sets PAYMENT_PROVIDER and the keys of both providers (the other one's
 * webhooks are then checked too). `env` passes the stand-in's own settings (fees).
 */
export async function startPaymentProvider(
  provider: Provider,
  env: Record<string, string> = {},
): Promise<PaymentTestProvider> {
  const standIn = await startStandIn({ port: 0, env })
  Object.assign(process.env, {
    PAYMENT_PROVIDER: provider,
    PAYSTACK_SECRET_KEY: standIn.keys.paystackSecretKey,
    PAYSTACK_BASE_URL: standIn.paystackBaseUrl,
    MONNIFY_API_KEY: standIn.keys.monnifyApiKey,
    MONNIFY_SECRET_KEY: standIn.keys.monnifySecretKey,
    MONNIFY_CONTRACT_CODE: standIn.keys.monnifyContractCode,
    MONNIFY_BASE_URL: standIn.monnifyBaseUrl,
  })
  let server: http.Server | null = null
  const handle: PaymentTestProvider = {
    standIn,
    provider,
    url: '',
    secret:
      provider === 'paystack' ? standIn.keys.paystackSecretKey : standIn.keys.monnifySecretKey,
    async serve() {
      const { handleApiRequest } = await import('~/backend')
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', async () => {
          const headers = new Headers()
          for (const [name, value] of Object.entries(request.headers))
            if (typeof value === 'string') headers.set(name, value)
          const body = Buffer.concat(chunks)
          const answer = await handleApiRequest(
            new Request(`http://127.0.0.1${request.url}`, {
              method: request.method,
              headers,
              body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
            }),
            { clientIp: request.socket.remoteAddress ?? null },
          )
          response.writeHead(answer.status, Object.fromEntries(answer.headers))
          response.end(Buffer.from(await answer.arrayBuffer()))
        })
      })
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      handle.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      standIn.setWebhookUrl('paystack', `${handle.url}/api/v1/webhooks/paystack`)
      standIn.setWebhookUrl('monnify', `${handle.url}/api/v1/webhooks/monnify`)
    },
    async settle() {
      const { backgroundIdle, backgroundTasks } = await import('~/backend/background')
      do {
        await standIn.idle()
        await backgroundIdle()
      } while (backgroundTasks() > 0)
    },
    async close() {
      await handle.settle().catch(() => {})
      await standIn.stop()
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()))
    },
  }
  return handle
}

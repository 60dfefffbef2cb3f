#!/usr/bin/env node
// npm run stand-in: the payment provider stand-in on STAND_IN_PORT (4010), until Ctrl-C. Settings
// come from the environment (docs/payment-provider-stand-in.md); every API call and webhook
// delivery is logged on a line.
import { SettingsError, startStandIn } from './server.mjs'

try {
  const standIn = await startStandIn({ log: (line) => console.log(line) })
  const { keys } = standIn
  console.log(`Payment provider stand-in on ${standIn.url} (its page: ${standIn.url}/)
  Paystack: PAYSTACK_BASE_URL=${standIn.paystackBaseUrl} PAYSTACK_SECRET_KEY=${keys.paystackSecretKey}
            webhooks to ${standIn.webhookUrls.paystack}
  Monnify:  MONNIFY_BASE_URL=${standIn.monnifyBaseUrl} MONNIFY_API_KEY=${keys.monnifyApiKey} MONNIFY_SECRET_KEY=${keys.monnifySecretKey} MONNIFY_CONTRACT_CODE=${keys.monnifyContractCode}
            webhooks to ${standIn.webhookUrls.monnify}`)
  let stopping = false
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      void standIn.stop().then(() => process.exit(0))
    })
  }
} catch (error) {
  if (error instanceof SettingsError) {
    console.error(error.message)
    process.exit(1)
  }
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE') {
    console.error(
      `The stand-in's port is taken (${/** @type {Error} */ (error).message}): set STAND_IN_PORT to another one.`,
    )
    process.exit(1)
  }
  throw error
}

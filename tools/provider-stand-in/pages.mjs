// The stand-in's pages, rendered on the server with plain forms: they work without JavaScript and
// read at phone width. The home page is the person's side of the bank (send a transfer into an
// account) and of the providers (make one down, replay a webhook); the checkout page is a
// provider's hosted payment page.
import { BANKS } from './banks.mjs'
import { describeFeeRule, formatNaira } from './money.mjs'

/** @typedef {import('./state.mjs').AccountRecord} AccountRecord */
/** @typedef {import('./state.mjs').TransactionRecord} TransactionRecord */
/** @typedef {import('./state.mjs').DeliveryRecord} DeliveryRecord */
/** @typedef {import('./state.mjs').EventRecord} EventRecord */
/** @typedef {import('./settings.mjs').Settings} Settings */

class Html {
  /** @param {string} text */
  constructor(text) {
    this.text = text
  }
  toString() {
    return this.text
  }
}

/** @param {unknown} value */
const escape = (value) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (char) =>
      /** @type {Record<string, string>} */ ({
        '&': '&amp;',
        '<': '&lt;',
        '>': '&gt;',
        '"': '&quot;',
        "'": '&#39;',
      })[char],
  )

/** @param {unknown} value @returns {string} */
const part = (value) =>
  value instanceof Html
    ? value.text
    : Array.isArray(value)
      ? value.map(part).join('')
      : value === null || value === undefined || value === false
        ? ''
        : escape(value)

/** Markup whose interpolated values are escaped (nested markup and arrays of it are kept). @param {TemplateStringsArray} strings @param {unknown[]} values */
export const html = (strings, ...values) =>
  new Html(
    strings.reduce(
      (out, string, i) => out + string + (i < values.length ? part(values[i]) : ''),
      '',
    ),
  )

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
section{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin-bottom:1rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
th{white-space:nowrap}td.num{text-align:right;white-space:nowrap}
label{display:block;font-weight:600;margin-top:.75rem}
input,select{width:100%;max-width:24rem;font:inherit;padding:.45rem;border:1px solid #94a3b8;border-radius:.35rem}
.error{color:#b91c1c;font-size:.9rem;min-height:1.35rem;margin:.15rem 0 0}
button{font:inherit;padding:.45rem .9rem;border-radius:.35rem;border:1px solid #1e3a8a;background:#1e40af;color:#fff;cursor:pointer;margin:.25rem .25rem .25rem 0}
button.secondary{background:#fff;color:#1e40af}button.danger{background:#b91c1c;border-color:#7f1d1d}
form.inline{display:inline}
.notice{background:#ecfdf5;border:1px solid #6ee7b7;padding:.75rem;border-radius:.5rem}
.problem{background:#fef2f2;border-color:#fca5a5}
.muted{color:#64748b;font-size:.9rem}
ul.cards{list-style:none;margin:0;padding:0}ul.cards li{border-top:1px solid #e2e8f0;padding:.5rem 0}ul.cards p{margin:.25rem 0}
code{font-size:.85em;word-break:break-all}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
`

/** @param {string} title @param {Html} body */
const layout = (title, body) =>
  `<!doctype html>\n${html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${new Html(STYLE)}</style></head><body><main>${body}</main></body></html>`}`

/** @param {string | null} status @param {string | null} error */
const answerText = (status, error) => (status === null ? `no answer (${error})` : status)

/**
 * @typedef {object} HomeView
 * @property {Settings} settings
 * @property {string} url
 * @property {Record<'paystack' | 'monnify', 'up' | 'down' | 'timeout'>} modes
 * @property {Record<'paystack' | 'monnify', string>} webhookUrls
 * @property {AccountRecord[]} accounts
 * @property {TransactionRecord[]} transactions
 * @property {DeliveryRecord[]} deliveries
 * @property {EventRecord[]} queued
 * @property {boolean} holding
 * @property {string | null} notice
 * @property {boolean} [noticeIsProblem]
 * @property {{ values: Record<string, string>, errors: Record<string, string> }} [transferForm]
 */

/** @param {HomeView} view */
export function homePage(view) {
  const form = view.transferForm ?? { values: {}, errors: {} }
  const value = (/** @type {string} */ name) => form.values[name] ?? ''
  const error = (/** @type {string} */ name) =>
    html`<p class="error" id="${name}-error">${form.errors[name] ?? ''}</p>`
  const modeText = {
    up: 'answers normally',
    down: 'answers 503 to every API call',
    timeout: 'never answers API calls',
  }
  const checkouts = view.transactions.filter((tx) => tx.kind === 'checkout')
  return layout(
    'Payment provider stand-in',
    html`
<h1>Payment provider stand-in</h1>
<p class="muted">Speaks Paystack at <code>${view.url}/paystack</code> and Monnify at <code>${view.url}/monnify</code>. Everything is kept in memory: a restart forgets it.</p>
${view.notice ? html`<p class="notice${view.noticeIsProblem ? ' problem' : ''}" role="status">${view.notice}</p>` : ''}

<section aria-labelledby="transfer-heading">
<h2 id="transfer-heading">Send a transfer</h2>
<p class="muted">As a customer paying from their bank app into the account number they were given. The provider then sends its signed webhook to the app.</p>
<form method="post" action="/send-transfer" novalidate>
<label for="account_number">Account number</label>
<input id="account_number" name="account_number" inputmode="numeric" autocomplete="off" value="${value('account_number')}" aria-describedby="account_number-error">
${error('account_number')}
<label for="amount">Amount (₦)</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" placeholder="25,000.00" value="${value('amount')}" aria-describedby="amount-error">
${error('amount')}
<label for="sender_name">Sender name</label>
<input id="sender_name" name="sender_name" autocomplete="off" value="${value('sender_name')}" aria-describedby="sender_name-error">
${error('sender_name')}
<label for="sender_bank_code">Sender's bank</label>
<select id="sender_bank_code" name="sender_bank_code">${BANKS.map((bank) => html`<option value="${bank.code}"${(value('sender_bank_code') || '058') === bank.code ? new Html(' selected') : ''}>${bank.name}</option>`)}</select>
<p class="error"></p>
<button type="submit">Send transfer</button>
</form>
</section>

<section aria-labelledby="accounts-heading">
<h2 id="accounts-heading">Accounts assigned</h2>
${
  view.accounts.length
    ? html`<ul class="cards">
${view.accounts.map(
  (account) =>
    html`<li><p><strong><code>${account.accountNumber}</code></strong> ${account.bankName} <span class="muted">(${account.provider})</span><br>${account.accountName}<br><span class="muted">for ${account.customerName}, ${account.customerEmail}</span></p></li>`,
)}
</ul>`
    : html`<p class="muted">None yet: the app asks for one through POST /paystack/dedicated_account or POST /monnify/api/v2/bank-transfer/reserved-accounts.</p>`
}
</section>

<section aria-labelledby="checkouts-heading">
<h2 id="checkouts-heading">Checkouts</h2>
${
  checkouts.length
    ? html`<div class="scroll"><table><thead><tr><th>Provider</th><th>Reference</th><th>Customer</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>
${checkouts.map((tx) => html`<tr><td>${tx.provider}</td><td><code>${tx.paymentReference}</code></td><td>${tx.customerEmail}</td><td class="num">${formatNaira(tx.amountKobo)}</td><td>${tx.status}</td><td><a href="${checkoutPath(tx)}">Open</a></td></tr>`)}
</tbody></table></div>`
    : html`<p class="muted">None yet: the app starts one through POST /paystack/transaction/initialize or POST /monnify/api/v1/merchant/transactions/init-transaction.</p>`
}
</section>

<section aria-labelledby="transactions-heading">
<h2 id="transactions-heading">Payments received</h2>
${
  view.transactions.some((tx) => tx.status === 'success')
    ? html`<div class="scroll"><table><thead><tr><th>Provider</th><th>Reference</th><th>Into</th><th>Paid</th><th>Fee</th><th>Settled</th></tr></thead><tbody>
${view.transactions
  .filter((tx) => tx.status === 'success')
  .map(
    (tx) =>
      html`<tr><td>${tx.provider}</td><td><code>${tx.reference}</code></td><td>${tx.account ? tx.account.accountNumber : 'checkout'}</td><td class="num">${formatNaira(tx.amountKobo)}</td><td class="num">${formatNaira(tx.feeKobo)}</td><td class="num">${formatNaira(tx.amountKobo - tx.feeKobo)}</td></tr>`,
  )}
</tbody></table></div>`
    : html`<p class="muted">None yet.</p>`
}
</section>

<section aria-labelledby="deliveries-heading">
<h2 id="deliveries-heading">Webhook deliveries</h2>
<p class="muted">Paystack's go to <code>${view.webhookUrls.paystack}</code>, Monnify's to <code>${view.webhookUrls.monnify}</code>.</p>
<form method="post" action="/webhooks" class="inline">
${
  view.holding
    ? html`<button name="action" value="release">Deliver the ${view.queued.length} held, in order</button><button name="action" value="release-reverse" class="secondary">Deliver them newest first</button>`
    : html`<button name="action" value="hold" class="secondary">Hold deliveries</button>`
}
</form>
${
  view.deliveries.length
    ? html`<ul class="cards">
${[...view.deliveries]
  .reverse()
  .map(
    (delivery) =>
      html`<li><p><strong>#${delivery.id}</strong> ${delivery.provider} <code>${delivery.type}</code> <span class="muted">${delivery.eventId}</span><br>signature ${delivery.signature}; the app answered <strong>${answerText(
        delivery.status === null ? null : String(delivery.status),
        delivery.error,
      )}</strong></p><form method="post" action="/deliveries"><input type="hidden" name="event_id" value="${delivery.eventId}">Send again: <button name="signature" value="valid" class="secondary">Signed</button><button name="signature" value="none" class="secondary">Unsigned</button><button name="signature" value="wrong-key" class="secondary">Wrong key</button><button name="signature" value="tampered" class="secondary">Tampered</button></form></li>`,
  )}
</ul>`
    : html`<p class="muted">None yet.</p>`
}
</section>

<section aria-labelledby="providers-heading">
<h2 id="providers-heading">Providers</h2>
<ul class="cards">
${
  /** @type {const} */ (['paystack', 'monnify']).map(
    (provider) =>
      html`<li><p><strong>${provider === 'paystack' ? 'Paystack' : 'Monnify'}</strong> ${modeText[view.modes[provider]]}; fee ${describeFeeRule(view.settings.fees[provider])}</p><form method="post" action="/providers"><input type="hidden" name="provider" value="${provider}"><button name="state" value="up" class="secondary">Up</button><button name="state" value="down" class="secondary">Down (503)</button><button name="state" value="timeout" class="secondary">No answer</button></form></li>`,
  )
}
</ul>
</section>

<form method="post" action="/reset"><button class="danger">Forget everything</button></form>
`,
  )
}

/** @param {TransactionRecord} tx */
export const checkoutPath = (tx) =>
  tx.provider === 'paystack'
    ? `/pay/paystack/${encodeURIComponent(/** @type {string} */ (tx.accessCode))}`
    : `/pay/monnify/${encodeURIComponent(tx.reference)}`

/** The hosted payment page of an initialized transaction. @param {TransactionRecord} tx @param {string} merchant */
export function checkoutPage(tx, merchant) {
  const providerName = tx.provider === 'paystack' ? 'Paystack' : 'Monnify'
  const path = checkoutPath(tx)
  const settledText = {
    success: 'This payment is complete.',
    cancelled: 'This payment was cancelled.',
    pending: '',
  }[tx.status]
  return layout(
    `Pay ${formatNaira(tx.amountKobo)} – ${providerName} (stand-in)`,
    html`
<h1>${providerName} checkout</h1>
<section>
<p class="muted">${merchant} asks</p>
<p class="amount">${formatNaira(tx.amountKobo)}</p>
<p>from <strong>${tx.customerEmail}</strong></p>
${tx.description ? html`<p>${tx.description}</p>` : ''}
<p class="muted">Reference <code>${tx.paymentReference}</code></p>
${
  tx.status === 'pending'
    ? html`<form method="post" action="${path}/pay" class="inline"><button type="submit">Pay ${formatNaira(tx.amountKobo)}</button></form>
<form method="post" action="${path}/cancel" class="inline"><button type="submit" class="secondary">Cancel</button></form>`
    : html`<p class="notice" role="status">${settledText}</p>`
}
</section>
<p class="muted">A stand-in for the provider's hosted page: Pay succeeds at once and sends the provider's webhook to the app.</p>
`,
  )
}

/** A page for the end of a checkout that has no address to go back to. @param {string} message */
export const messagePage = (message) =>
  layout(
    'Payment provider stand-in',
    html`<h1>Payment provider stand-in</h1><p class="notice" role="status">${message}</p><p><a href="/">Back</a></p>`,
  )

import { data } from '@remix-run/node'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { endpoints } from '~/contract/endpoints'
import { parseDisplayDate } from '~/contract/format'
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '~/contract/products'
import { paymentFormSchema } from './subscription-forms'
import { hasPermission } from '~/contract/permissions'
import { koboOf, paymentChoices, koboToNaira } from '~/contract/money'
import type { SubscriptionDetail } from '~/contract/subscriptions'
import { api } from '~/utils/api.server'
import { uploadFormFile } from '~/utils/files.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { checkoutPayloadSchema } from '~/contract/collections'
import type { AmountChoice } from '../payments/amount-choices'
import type { ListName } from './lists'
import { loadSubscription, NO_PERMISSION, panelContext } from './subscriptions.server'

dayjs.extend(utc)
dayjs.extend(timezone)

export const PROOF_FOLDER = 'proofs'
export const PAYMENT_SENT = 'Payment proof sent successfully'
// One proof image of at most 2 MB and the form's text: a larger body is refused as it streams in.
const PAYMENT_FORM_LIMIT = {
  bytes: MAX_UPLOAD_BYTES + 64 * 1024,
  message: 'The proof of payment may not be greater than 2 MB',
}

/**
 * The picker's default: today at 12:00 in the user's time zone; before noon,
 * when 12:00 would be in the future and refused, the current time to the 5 minutes before.
 */
export function defaultPaidAt(timeZone: string, now = new Date()) {
  const local = dayjs(now).tz(timeZone)
  const noon = local.hour(12).minute(0).second(0).millisecond(0)
  const shown = noon.isAfter(local) ? local.minute(local.minute() - (local.minute() % 5)) : noon
  return { paid_on: shown.format('DD/MM/YYYY'), paid_time: shown.format('HH:mm') }
}

/** The day (DD/MM/YYYY) and time (HH:mm) paid, read in the user's time zone, as the API takes them: with the offset. */
export function paidAtWithOffset(paidOn: string, paidTime: string, timeZone: string) {
  const value = `${parseDisplayDate(paidOn)}T${paidTime}`
  const parsed = dayjs.tz(value, timeZone)
  return parsed.isValid() ? parsed.format('YYYY-MM-DDTHH:mm:ssZ') : value
}

export type { AmountChoice } from '../payments/amount-choices'

/**
 * The amounts a payment may be, by the rule the API checks (contract/money.ts paymentChoices): the
 * next instalment, several, or the whole balance. An investment or a full payment has one amount.
 */
export function amountChoices(s: SubscriptionDetail): AmountChoice[] {
  const entries =
    s.type === 'land'
      ? s.schedule
          .filter((row) => row.kind !== 'payout')
          .map((row) => ({ amountKobo: koboOf(row.amount), fee: row.kind === 'late_fee' }))
      : []
  const total = koboOf(s.total_amount)
  const overdue = {
    totalKobo: koboOf(s.overdue_parts.amount),
    instalments: s.overdue_parts.instalments,
    fees: s.overdue_parts.late_fees,
  }
  return paymentChoices(
    entries.length ? entries : [total],
    koboOf(s.total_amount_paid),
    total,
    overdue,
  ).map((choice) => ({
    instalments: choice.instalments,
    fees: choice.fees,
    amount: koboToNaira(choice.amountKobo),
    whole: choice.whole,
    overdue: choice.overdue,
    value: koboToNaira(choice.amountKobo).toFixed(2),
  }))
}

/** Whether the next payment is the initial deposit (no entry of a plan paid yet). */
function nextIsDeposit(s: SubscriptionDetail) {
  if (s.type !== 'land' || s.payment_mode !== 'installment') return false
  const next = s.schedule.find((row) => row.kind === 'payment' && row.status !== 'paid')
  return next?.sequence === 0
}

/** The make-payment panel (the owner) or the record-payment panel (staff with can_record_transaction). */
export async function loadPayment(request: Request, name: ListName, reference: string | undefined) {
  const { user, subscription, closeTo, base, listSearch } = await loadSubscription(
    request,
    name,
    reference,
  )
  if (!subscription.is_user && !hasPermission(user, 'can_record_transaction')) {
    throw await redirectWithError(request, closeTo, NO_PERMISSION)
  }
  const details = await api(request, endpoints.paymentDetails, {
    params: { reference: subscription.reference },
  })
  if (!details.ok) throw await redirectWithError(request, closeTo, details.message)
  const timeZone = timeZoneFrom(request)
  // With a payment provider a transfer confirms itself: the owner sees it arrive here.
  const recent =
    details.data.provider && subscription.is_user
      ? await api(request, endpoints.transactionList, {
          params: { reference: subscription.reference },
          query: { page: 1 },
        })
      : null
  return {
    subscription,
    details: details.data,
    mode: subscription.is_user ? ('make' as const) : ('record' as const),
    choices: amountChoices(subscription),
    nextIsDeposit: nextIsDeposit(subscription),
    canSetBankDetails: hasPermission(user, 'can_modify_setting'),
    closeTo,
    paidAt: defaultPaidAt(timeZone),
    spec: formSpec(paymentFormSchema),
    proofAction: `${base}/pay${listSearch}`,
    checkoutAction: `${base}/pay/checkout${listSearch}`,
    checkoutSpec: formSpec(checkoutPayloadSchema),
    recentPayments: recent?.ok
      ? recent.data.items.slice(0, 3).map((transaction) => ({
          reference: transaction.reference,
          amount: transaction.amount,
          status: transaction.status,
          paidAt: transaction.paid_at,
          receiptHref:
            transaction.status === 'paid'
              ? `${base}/transactions/${encodeURIComponent(transaction.reference)}/receipt${listSearch}`
              : null,
        }))
      : [],
    transactionsHref: `${base}/transactions${listSearch}`,
    timeZone,
  }
}

/**
 * The payment form's post (multipart): the proof file is checked, base64'd and sent to
 * media/upload, then the transaction goes to the API with the file's URL.
 */
export async function paymentAction(
  request: Request,
  name: ListName,
  reference: string | undefined,
) {
  const { closeTo } = panelContext(request, name)
  const { submission } = await parseForm(request, paymentFormSchema, { limit: PAYMENT_FORM_LIMIT })
  const hideFields = ['proof_of_payment']
  const answer = (result: ReturnType<typeof submission.reply>) => data({ result }, { status: 400 })
  if (submission.status !== 'success') return answer(submission.reply({ hideFields }))
  const { amount, description, proof_of_payment: file, paid_on, paid_time } = submission.value
  const proofError = (message: string) =>
    answer(submission.reply({ fieldErrors: { proof_of_payment: [message] }, hideFields }))
  const upload = await uploadFormFile(request, file, {
    folder: PROOF_FOLDER,
    extensions: UPLOAD_EXTENSIONS,
  })
  if (!upload.ok) return proofError(upload.message)

  const result = await api(request, endpoints.transactionCreate, {
    params: { reference: reference ?? '' },
    body: {
      amount,
      description,
      proof_of_payment: upload.url,
      paid_at: paidAtWithOffset(paid_on, paid_time, timeZoneFrom(request)),
    },
  })
  if (!result.ok) return answer(replyWithServerErrors(submission, result, hideFields))
  // The API says whose payment it is: staff recording one are told another staff member confirms it.
  return redirectWithSuccess(request, closeTo, result.message || PAYMENT_SENT)
}

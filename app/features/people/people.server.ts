import { data } from '@remix-run/node'
import type { ResponseOf } from '~/contract/endpoint'
import { parseDisplayDate } from '~/contract/format'
import { endpoints } from '~/contract/endpoints'
import {
  customerSchema,
  realtorSchema,
  realtorUpdateSchema,
  suspendSchema,
  SUSPENDED_MESSAGE,
  UNSUSPENDED_MESSAGE,
  userSchema,
} from '~/contract/people'
import { companyDecisionSchema } from '~/contract/registered-company'
import { api, failureInit } from '~/utils/api.server'
import { formSpec, parseForm, replyWithServerErrors } from '~/utils/form.server'
import { readListQuery } from '~/utils/list.server'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { canModifyPeople, PEOPLE_ENDPOINTS } from './access'
import { failureResponse, requirePeopleAccess } from './access.server'
import { PEOPLE, type PeopleKind } from './kinds'

const PEOPLE_LIST_KEYS = ['search', 'date_registered', 'registered_from', 'sort', 'dir'] as const

/**
 * The API's filters for a people list's address: what the list and its CSV export both ask for.
 * The box takes DD/MM/YYYY; a date that is not one goes as typed, for the API to refuse.
 * registered_from comes from the dashboard's link (YYYY-MM-DD), not from the box: a bad one is the API's field error.
 */
export function peopleApiQuery(search: URLSearchParams) {
  const value = (key: (typeof PEOPLE_LIST_KEYS)[number]) => search.get(key)?.trim() ?? ''
  return {
    search: value('search'),
    date_registered: parseDisplayDate(value('date_registered')) ?? value('date_registered'),
    registered_from: value('registered_from'),
    sort: value('sort'),
    dir: value('dir'),
  }
}

/** The list page of one kind of person, with its filters from the URL. */
export async function loadPeopleList(request: Request, kind: PeopleKind) {
  const user = await requirePeopleAccess(request, kind)
  const { page, filters } = readListQuery(request, PEOPLE_LIST_KEYS)
  // A date that is not one is said over an empty list rather than sent.
  if (filters.date_registered && !parseDisplayDate(filters.date_registered)) {
    return {
      ...emptyList(),
      user,
      filters,
      error: BAD_DATE_FILTER,
      canModify: canModifyPeople(user, kind),
      timeZone: timeZoneFrom(request),
    }
  }
  const query = { page, ...peopleApiQuery(new URL(request.url).searchParams) }
  const result = await api(request, PEOPLE_ENDPOINTS[kind].list, { query })
  if (!result.ok && !result.fieldErrors) throw failureResponse(result)
  return {
    user,
    ...(result.ok
      ? { items: result.data.items, page: result.data.page, total_pages: result.data.total_pages }
      : emptyList()),
    filters,
    error: result.ok ? null : result.message,
    canModify: canModifyPeople(user, kind),
    timeZone: timeZoneFrom(request),
  }
}

export const BAD_DATE_FILTER = 'Enter the date as DD/MM/YYYY, for example 22/11/2026'

function emptyList() {
  return { items: [], page: 1, total_pages: 1 }
}

const CREATE_SCHEMAS = { customer: customerSchema, realtor: realtorSchema, user: userSchema }

/** What the add panel's form checks in the browser (the action checks everything). */
export const personFormSpec = (kind: PeopleKind) => formSpec(CREATE_SCHEMAS[kind])

/** The add panels' action: validate, create through the API, back to the list with a toast. */
export async function createPersonAction(request: Request, kind: PeopleKind) {
  await requirePeopleAccess(request, kind, 'modify')
  const { submission } = await parseForm(request, CREATE_SCHEMAS[kind])
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await api(request, PEOPLE_ENDPOINTS[kind].create, { body: submission.value })
  if (!result.ok) {
    return data({ result: replyWithServerErrors(submission, result) }, failureInit(result))
  }
  return redirectWithSuccess(
    request,
    PEOPLE[kind].path,
    `${PEOPLE[kind].singular} created successfully`,
  )
}

/** The list address a panel closes to: the list path with the panel's own search params. */
export function listAddress(request: Request, kind: PeopleKind) {
  return `${PEOPLE[kind].path}${new URL(request.url).search}`
}

type Shown<K extends PeopleKind> = ResponseOf<(typeof PEOPLE_ENDPOINTS)[K]['show']>

/** One person of a kind by reference or uuid: a customer or realtor with its details, a user with its permissions. */
export async function loadPerson<K extends PeopleKind>(
  request: Request,
  kind: K,
  id: string,
  mode: 'view' | 'modify' = 'view',
): Promise<Shown<K>> {
  await requirePeopleAccess(request, kind, mode)
  const result = await api(request, PEOPLE_ENDPOINTS[kind as PeopleKind].show, { params: { id } })
  if (!result.ok) throw failureResponse(result)
  return result.data as Shown<K>
}

export async function suspendAction(request: Request, kind: PeopleKind, uuid: string) {
  await requirePeopleAccess(request, kind, 'modify')
  const { submission } = await parseForm(request, suspendSchema)
  const back = listAddress(request, kind)
  if (submission.status !== 'success') return redirectWithError(request, back, 'An error occurred')
  const result = await api(request, PEOPLE_ENDPOINTS[kind].suspend, {
    params: { id: uuid },
    body: submission.value,
  })
  if (!result.ok) return redirectWithError(request, back, result.message)
  return redirectWithSuccess(
    request,
    back,
    result.data.is_suspended ? SUSPENDED_MESSAGE : UNSUSPENDED_MESSAGE,
  )
}

/**
 * A customer's profile (contact, next of kin, payout account) for the details panel: null for
 * callers the API does not show it to (realtors, staff without a customer permission).
 */
export async function loadCustomerProfile(request: Request, id: string) {
  const result = await api(request, endpoints.customerProfile, { params: { id } })
  return result.ok ? result.data : null
}

/** The realtor panel's commission chain form: its upline (blank for none) and whether it is a registered company. */
export const commissionChainSchema = realtorUpdateSchema.pick({
  upline: true,
  registered_company: true,
})
export const commissionChainSpec = () => formSpec(commissionChainSchema)

/**
 * Saves a realtor's upline and company status through the realtor update, which also takes its
 * names, e-mail and business name: those are sent as they stand.
 */
export async function commissionChainAction(request: Request, id: string) {
  const realtor = await loadPerson(request, 'realtor', id, 'modify')
  const { submission } = await parseForm(request, commissionChainSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const result = await api(request, endpoints.realtorUpdate, {
    params: { id: realtor.uuid },
    body: {
      first_name: realtor.first_name,
      last_name: realtor.last_name,
      email: realtor.email,
      business_name: realtor.business_name ?? '',
      upline: submission.value.upline ?? '',
      registered_company: submission.value.registered_company ?? false,
    },
  })
  if (!result.ok)
    return data({ result: replyWithServerErrors(submission, result) }, { status: 400 })
  return redirectWithSuccess(
    request,
    `/realtors/${encodeURIComponent(realtor.reference)}${new URL(request.url).search}`,
    'Commission chain saved',
  )
}

/**
 * Staff approve or reject a realtor's own change of its registered company flag (the dialog's two
 * buttons post `decision`); back to the realtor's panel with the answer as a toast.
 */
export async function companyDecisionAction(request: Request, id: string) {
  const realtor = await loadPerson(request, 'realtor', id, 'modify')
  const back = `/realtors/${encodeURIComponent(realtor.reference)}`
  const { submission } = await parseForm(request, companyDecisionSchema)
  if (submission.status !== 'success')
    return redirectWithError(request, back, 'Choose approve or reject')
  const result = await api(request, endpoints.realtorCompanyDecision, {
    params: { id: realtor.uuid },
    body: submission.value,
  })
  if (!result.ok) return redirectWithError(request, back, result.message)
  return redirectWithSuccess(request, back, result.message)
}

import { z } from 'zod'
import { endpoint } from '../endpoint'
import { blankToUndefined, pageParam } from '../fields'
import {
  customerDetailsSchema,
  customerListItemSchema,
  customerRecordSchema,
  customerSchema,
  dateRegisteredParam,
  peopleSortParam,
  permissionItemSchema,
  realtorDetailsSchema,
  realtorRecordSchema,
  realtorSchema,
  realtorUpdateSchema,
  sortDirectionParam,
  staffUserSchema,
  suspendSchema,
  userSchema,
  userUpdateSchema,
} from '../people'
import { companyDecisionAnswerSchema, companyDecisionSchema } from '../registered-company'
import { PEOPLE_ACCESS } from './people-access'
import { CSV_EXPORT, exportQuery, paginatedSchema } from './shared'

/** The query of every people list: a blank filter is none, a bad page, date, sort or dir a field error. */
const peopleQuery = z.object({
  page: pageParam.optional(),
  search: z.string().optional(),
  date_registered: z.preprocess(blankToUndefined, dateRegisteredParam.optional()),
  registered_from: z.preprocess(blankToUndefined, dateRegisteredParam.optional()),
  sort: peopleSortParam,
  dir: sortDirectionParam,
  ...exportQuery.shape,
})

const LIST_DESCRIPTION =
  "Newest first unless `sort` names a column (`reference`, `name`, `email`, `business_name` or `created_at`; another answers 422) and `dir` its direction (`asc`, the default, or `desc`); 10 a page. `search` matches names, e-mail, reference and business name; `date_registered` (YYYY-MM-DD) is the day the account was made in the platform's time zone; `registered_from` (YYYY-MM-DD) keeps accounts made on that day or later."
const CREATED_DESCRIPTION =
  'The account is made with an unverified e-mail, which gets a link to choose a password.'
const REALTOR_SCOPE =
  'A realtor reaches only the customers it brought (added or referred); any other answers 404.'
const SUSPEND_DESCRIPTION =
  'Without `is_suspended` the state flips; with it, a repeated post changes nothing. Suspending signs the account out everywhere. Nobody suspends themselves or an account holding a permission they lack.'
const OUTRANKS = 'Nobody changes an account holding a permission they lack.'

export const peopleEndpoints = {
  customerList: endpoint({
    method: 'GET',
    path: 'admin/customer',
    tag: 'Customers',
    summary: 'List customers, with search and the day registered',
    description: `${LIST_DESCRIPTION} ${REALTOR_SCOPE} ${CSV_EXPORT}`,
    access: PEOPLE_ACCESS.customerViewers,
    query: peopleQuery,
    exportsCsv: true,
    response: paginatedSchema(customerListItemSchema),
  }),
  customerCreate: endpoint({
    method: 'POST',
    path: 'admin/customer',
    tag: 'Customers',
    summary: 'Add a customer',
    description: `${CREATED_DESCRIPTION} A customer added by a realtor belongs to that realtor.`,
    access: PEOPLE_ACCESS.customerEditors,
    body: customerSchema,
    errors: {
      429: 'Too many accounts created by the caller or from the client address',
      409: 'The e-mail address is already taken (under `email`)',
    },
    response: customerRecordSchema,
  }),
  customerShow: endpoint({
    method: 'GET',
    path: 'admin/customer/:id',
    tag: 'Customers',
    summary: 'A customer by reference or uuid, with its realtor and newest subscriptions',
    description: REALTOR_SCOPE,
    access: PEOPLE_ACCESS.customerViewers,
    response: customerDetailsSchema,
  }),
  customerUpdate: endpoint({
    method: 'POST',
    path: 'admin/customer/:id',
    tag: 'Customers',
    summary: "Change a customer's names and e-mail",
    description: `${REALTOR_SCOPE} Only staff may change the e-mail; a new e-mail ends the account's sessions and links. ${OUTRANKS}`,
    access: PEOPLE_ACCESS.customerEditors,
    body: customerSchema,
    errors: {
      409: 'The e-mail address is already taken (under `email`)',
    },
    response: customerRecordSchema,
  }),
  customerSuspend: endpoint({
    method: 'POST',
    path: 'admin/customer/:id/suspend',
    tag: 'Customers',
    summary: 'Suspend or unsuspend a customer',
    description: `${REALTOR_SCOPE} ${SUSPEND_DESCRIPTION} A realtor lifts only the suspensions it made.`,
    access: PEOPLE_ACCESS.customerEditors,
    body: suspendSchema,
    errors: {
      403: 'The caller themselves',
    },
    response: customerRecordSchema,
  }),

  realtorList: endpoint({
    method: 'GET',
    path: 'admin/realtor',
    tag: 'Realtors',
    summary: 'List realtors, with search and the day registered',
    description: `${LIST_DESCRIPTION} ${CSV_EXPORT}`,
    access: PEOPLE_ACCESS.realtorViewers,
    query: peopleQuery,
    exportsCsv: true,
    response: paginatedSchema(realtorRecordSchema),
  }),
  realtorCreate: endpoint({
    method: 'POST',
    path: 'admin/realtor',
    tag: 'Realtors',
    summary: 'Add a realtor',
    description: CREATED_DESCRIPTION,
    access: PEOPLE_ACCESS.realtorEditors,
    body: realtorSchema,
    errors: {
      429: 'Too many accounts created by the caller or from the client address',
      409: 'The e-mail address is already taken (under `email`)',
    },
    response: realtorRecordSchema,
  }),
  realtorShow: endpoint({
    method: 'GET',
    path: 'admin/realtor/:id',
    tag: 'Realtors',
    summary:
      'A realtor by reference or uuid, with its newest customers, its upline and the realtors it referred',
    access: PEOPLE_ACCESS.realtorViewers,
    response: realtorDetailsSchema,
  }),
  realtorUpdate: endpoint({
    method: 'POST',
    path: 'admin/realtor/:id',
    tag: 'Realtors',
    summary:
      "Change a realtor's names, e-mail and business name, its upline and whether it is a registered company",
    description: `A new e-mail ends the account's sessions and links. \`upline\` is another realtor's reference (blank removes the upline, left out keeps it); one that would make a loop (the realtor itself, or a realtor below it) is refused under \`upline\`. \`registered_company\` (left out keeps it) sets the withholding tax rate of its commissions; staff setting it settle a request of the realtor's that asked for the same. ${OUTRANKS}`,
    access: PEOPLE_ACCESS.realtorEditors,
    body: realtorUpdateSchema,
    errors: {
      409: 'The e-mail address is taken or locked, or the upline is unknown or would make a loop (under the field)',
    },
    response: realtorRecordSchema,
  }),
  realtorCompanyDecision: endpoint({
    method: 'POST',
    path: 'admin/realtor/:id/registered-company',
    tag: 'Realtors',
    summary: "Approve or reject a realtor's own change of whether it is a registered company",
    description:
      "`decision` is approve (the flag becomes what the realtor asked) or reject (it stays as staff set it). The realtor's request is shown in `registered_company_request` of the realtor's details; when none waits the answer is 409. The realtor is notified either way.",
    access: PEOPLE_ACCESS.realtorEditors,
    body: companyDecisionSchema,
    errors: {
      409: 'No registered-company answer is waiting',
    },
    response: companyDecisionAnswerSchema,
  }),
  realtorSuspend: endpoint({
    method: 'POST',
    path: 'admin/realtor/:id/suspend',
    tag: 'Realtors',
    summary: 'Suspend or unsuspend a realtor',
    description: SUSPEND_DESCRIPTION,
    access: PEOPLE_ACCESS.realtorEditors,
    body: suspendSchema,
    errors: {
      403: 'The caller themselves',
    },
    response: realtorRecordSchema,
  }),

  userList: endpoint({
    method: 'GET',
    path: 'admin/user',
    tag: 'Users',
    summary: 'List staff accounts with their permissions',
    description: `${LIST_DESCRIPTION} The super admin is not listed. ${CSV_EXPORT}`,
    access: PEOPLE_ACCESS.staffEditors,
    query: peopleQuery,
    exportsCsv: true,
    response: paginatedSchema(staffUserSchema),
  }),
  userCreate: endpoint({
    method: 'POST',
    path: 'admin/user',
    tag: 'Users',
    summary: 'Add a staff account with permissions',
    description: `${CREATED_DESCRIPTION} Only permissions the caller holds may be granted.`,
    access: PEOPLE_ACCESS.staffEditors,
    body: userSchema,
    errors: {
      429: 'Too many accounts created by the caller or from the client address',
      409: 'The e-mail address is already taken, or a permission the caller does not hold (under the field)',
    },
    response: staffUserSchema,
  }),
  userShow: endpoint({
    method: 'GET',
    path: 'admin/user/:id',
    tag: 'Users',
    summary: 'A staff account by reference or uuid',
    access: PEOPLE_ACCESS.staffEditors,
    response: staffUserSchema,
  }),
  userUpdate: endpoint({
    method: 'POST',
    path: 'admin/user/:id/update',
    tag: 'Users',
    summary: "Replace a staff account's permissions, and change its e-mail",
    description: `Names cannot be changed here; a blank e-mail keeps the current one. Only permissions the caller holds may be granted or removed. Nobody changes themselves or the super admin. ${OUTRANKS}`,
    access: PEOPLE_ACCESS.staffEditors,
    body: userUpdateSchema,
    errors: {
      403: 'The super admin, the caller themselves, or a user the caller does not outrank',
      409: 'The e-mail address is already taken, or a permission the caller does not hold (under the field)',
    },
    response: staffUserSchema,
  }),
  userSuspend: endpoint({
    method: 'POST',
    path: 'admin/user/:id/suspend',
    tag: 'Users',
    summary: 'Suspend or unsuspend a staff account',
    description: `${SUSPEND_DESCRIPTION} The super admin cannot be suspended.`,
    access: PEOPLE_ACCESS.staffEditors,
    body: suspendSchema,
    errors: {
      403: 'The super admin or the caller themselves',
    },
    response: staffUserSchema,
  }),

  permissionList: endpoint({
    method: 'GET',
    path: 'admin/permission',
    tag: 'Users',
    summary: 'Every permission a staff account may hold, with its description',
    access: PEOPLE_ACCESS.staffEditors,
    response: z.array(permissionItemSchema),
  }),
} as const

export type PeopleEndpoints = typeof peopleEndpoints

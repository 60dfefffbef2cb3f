import { z } from 'zod'
import { checkboxField, EMAIL_PATTERN, emailField, requiredString } from './fields'
import { stated } from './stated'
import { PEOPLE_SORTS, SORT_DIRECTIONS } from './people-labels'
import { PERMISSIONS, type Permission } from './permissions'
import { commissionHoldSchema } from './commissions'
import { registeredCompanyRequestSchema } from './registered-company'
import { PAYMENT_MODES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from './subscription-labels'

// Values the browser needs live in a zod-free module (components import them from there).
export { DETAILS_LIMIT, fullName, PEOPLE_SORTS, SORT_DIRECTIONS } from './people-labels'
export type { PeopleSort, SortDirection } from './people-labels'

/** A customer as every people list shows it. */
export const customerRecordSchema = z.object({
  uuid: z.string(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  is_suspended: z.boolean(),
})
export type Customer = z.infer<typeof customerRecordSchema>

/** A customer on GET admin/customer: with how many of its land purchases are in arrears today. */
export const customerListItemSchema = customerRecordSchema.extend({
  subscriptions_in_arrears: z.number().int(),
})
export type CustomerListItem = z.infer<typeof customerListItemSchema>

export const realtorRecordSchema = customerRecordSchema.extend({
  business_name: z.string().nullable(),
})
export type Realtor = z.infer<typeof realtorRecordSchema>

/** A staff account (role admin) and the permissions it holds. */
export const staffUserSchema = customerRecordSchema.extend({
  permissions: z.array(z.enum(PERMISSIONS)),
})
export type StaffUser = z.infer<typeof staffUserSchema>

/** A subscription as a person's details panel lists it (naira amounts). */
export const personSubscriptionSchema = z.object({
  reference: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  payment_mode: z.enum(PAYMENT_MODES),
  total_amount: z.number(),
  total_amount_paid: z.number(),
  created_at: z.string(),
  product: z.object({
    reference: z.string(),
    name: z.string(),
    type: z.enum(SUBSCRIPTION_TYPES),
    location: z.string().nullable(),
  }),
})
export type PersonSubscription = z.infer<typeof personSubscriptionSchema>

/** A customer's details: its realtor, and its newest subscriptions (at most DETAILS_LIMIT) with their count. */
export const customerDetailsSchema = customerRecordSchema.extend({
  realtor: realtorRecordSchema.nullable(),
  subscriptions: z.array(personSubscriptionSchema),
  subscription_count: z.number().int(),
  /** Its purchases flagged as a possible self-referral (newest first, at most DETAILS_LIMIT); null for a realtor asking. */
  commission_holds: z.array(commissionHoldSchema).nullable(),
})
export type CustomerDetails = z.infer<typeof customerDetailsSchema>

/**
 * A realtor's details: its newest customers (at most DETAILS_LIMIT) and their count; its upline
 * (the realtor whose link it signed up through, or staff chose) and the realtors it referred (at
 * most DETAILS_LIMIT, and their count); whether it is a registered company (withholding tax).
 */
export const realtorDetailsSchema = realtorRecordSchema.extend({
  customers: z.array(customerRecordSchema),
  customer_count: z.number().int(),
  upline: realtorRecordSchema.nullable(),
  referrals: z.array(realtorRecordSchema),
  referral_count: z.number().int(),
  registered_company: z.boolean(),
  /** The realtor's own change of registered_company, waiting for staff to approve or reject it. */
  registered_company_request: registeredCompanyRequestSchema.nullable(),
  /** Purchases flagged because their customer shares a phone, an account number or a device with this realtor (newest first, at most DETAILS_LIMIT). */
  commission_holds: z.array(commissionHoldSchema),
})
export type RealtorDetails = z.infer<typeof realtorDetailsSchema>

export const permissionItemSchema = z.object({ name: z.enum(PERMISSIONS), description: z.string() })
export type PermissionItem = z.infer<typeof permissionItemSchema>

/** The list filter: the calendar day (in the platform's time zone) the account was made. */
export const dateRegisteredParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date registered must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'Date registered must be a date (YYYY-MM-DD)')

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** ?sort=<column>: a column not in PEOPLE_SORTS is a field error, a blank one no sort. */
export const peopleSortParam = z.preprocess(
  blankToUndefined,
  z.enum(PEOPLE_SORTS, { error: `Sort must be one of ${PEOPLE_SORTS.join(', ')}` }).optional(),
)
/** ?dir=asc|desc: ascending unless told. */
export const sortDirectionParam = z.preprocess(
  blankToUndefined,
  z.enum(SORT_DIRECTIONS, { error: 'Dir must be asc or desc' }).optional(),
)

const names = {
  first_name: requiredString('First name', 100),
  last_name: requiredString('Last name', 100),
}

export const customerSchema = z.object({ ...names, email: emailField })
export type CustomerForm = z.input<typeof customerSchema>

export const realtorSchema = customerSchema.extend({
  business_name: requiredString('Business name', 200),
})
export type RealtorForm = z.input<typeof realtorSchema>

/**
 * Changing a realtor: its names, e-mail and business name, and optionally its upline (a realtor's
 * reference; blank removes it, left out keeps it) and whether it is a registered company.
 */
export const realtorUpdateSchema = realtorSchema.extend({
  upline: z
    .string()
    .trim()
    .max(40, 'Upline must be a realtor reference such as RLT-1A2B3C4D')
    .optional(),
  registered_company: checkboxField('Registered company').optional(),
})
export type RealtorUpdateForm = RealtorForm & {
  upline?: string
  registered_company?: string | boolean
}

export const UPLINE_LOOP = 'This upline would make a loop: the realtor is already above them'
export const UPLINE_UNKNOWN = 'No realtor has this reference'

/** Checkbox lists arrive as one string, several, or a JSON array; duplicates fold. */
const permissionList = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ''
      ? []
      : Array.isArray(value)
        ? value
        : [value],
  z
    .array(z.enum(PERMISSIONS, { error: 'Choose permissions from the list' }))
    .transform((list) => [...new Set(list)])
    .default([]),
)

export const userSchema = customerSchema.extend({ permissions: permissionList })
/** A preprocessed field's input is `unknown` to zod; on the form it is the ticked permission names. */
type PermissionsField = { permissions?: Permission[] }
export type UserForm = Omit<z.input<typeof userSchema>, 'permissions'> & PermissionsField

/** The add-person form: the fields of all three kinds (each kind shows its own). */
export type PersonForm = CustomerForm &
  Partial<Pick<RealtorForm, 'business_name'> & Pick<UserForm, 'permissions'>>

/** Editing a user: names are locked (any sent are ignored); a blank e-mail keeps the current one. */
export const userUpdateSchema = z.object({
  email: stated(
    z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      emailField.optional(),
    ),
    {
      minLength: 0,
      pattern: `^\\s*$|${EMAIL_PATTERN}`,
      description: 'The new e-mail address; blank keeps the current one',
    },
  ),
  permissions: permissionList,
})
export type UserUpdateForm = { email?: string } & PermissionsField

/** The suspend toggle; a client may say which state it wants, so a repeated post changes nothing. */
export const suspendSchema = z.object({
  is_suspended: z
    .preprocess(
      (value) =>
        value === 'true' || value === '1'
          ? true
          : value === 'false' || value === '0'
            ? false
            : value,
      z.boolean({ error: 'Is suspended must be true or false' }),
    )
    .optional(),
})

export const SUSPENDED_MESSAGE = 'Suspended successfully'
export const UNSUSPENDED_MESSAGE = 'unsuspended successfully'

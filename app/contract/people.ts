import { z } from 'zod'
import { emailField, requiredString } from './fields'
import { PERMISSIONS, type Permission } from './permissions'

// Values the browser needs live in a zod-free module (components import them from there).
export { DETAILS_LIMIT, fullName } from './people-labels'

/** What every people list shows: a customer as SPEC.md section 3 names it. */
export type Customer = {
  uuid: string
  reference: string
  first_name: string
  last_name: string
  email: string
  created_at: string
  is_suspended: boolean
}

export type Realtor = Customer & { business_name: string | null }

/** A staff account (role admin) and the permissions it holds. */
export type StaffUser = Customer & { permissions: Permission[] }

/** A subscription as a person's details panel lists it (naira amounts). */
export type PersonSubscription = {
  reference: string
  type: 'land' | 'land_investment'
  status: string
  payment_mode: 'full' | 'installment'
  total_amount: number
  total_amount_paid: number
  created_at: string
  product: { reference: string; type: 'land' | 'land_investment'; location: string | null }
}

export type CustomerDetails = Customer & {
  realtor: Realtor | null
  subscriptions: PersonSubscription[]
  subscription_count: number
}

export type RealtorDetails = Realtor & { customers: Customer[]; customer_count: number }

export type PermissionItem = { name: Permission; description: string }

/** The list filter: the calendar day (in the platform's time zone) the account was made. */
export const dateRegisteredParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date registered must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'Date registered must be a date (YYYY-MM-DD)')

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

/** Checkbox lists arrive as one string, several, or a JSON array; duplicates fold. */
const permissionList = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.enum(PERMISSIONS, { error: 'Choose permissions from the list' }))
    .transform((list) => [...new Set(list)]),
)

export const userSchema = customerSchema.extend({ permissions: permissionList })
/** A preprocessed field's input is `unknown` to zod; on the form it is the ticked permission names. */
type PermissionsField = { permissions?: Permission[] }
export type UserForm = Omit<z.input<typeof userSchema>, 'permissions'> & PermissionsField

/** The add-person form: the fields of all three kinds (each kind shows its own). */
export type PersonForm = CustomerForm & Partial<Pick<RealtorForm, 'business_name'> & Pick<UserForm, 'permissions'>>

/** Editing a user: names are locked (any sent are ignored); a blank e-mail keeps the current one. */
export const userUpdateSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    emailField.optional(),
  ),
  permissions: permissionList,
})
export type UserUpdateForm = { email?: string } & PermissionsField

/** The suspend toggle; a client may say which state it wants, so a repeated post changes nothing. */
export const suspendSchema = z.object({
  is_suspended: z
    .preprocess(
      (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
      z.boolean({ error: 'Is suspended must be true or false' }),
    )
    .optional(),
})

export const SUSPENDED_MESSAGE = 'Suspended successfully'
export const UNSUSPENDED_MESSAGE = 'unsuspended successfully'

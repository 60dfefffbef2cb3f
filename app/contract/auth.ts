import { z } from 'zod'
import { PERMISSIONS, ROLES } from './permissions'
import {
  emailField,
  newPassword,
  otpField,
  presentPassword,
  requiredMessage,
  NOT_BLANK,
  requiredString,
} from './fields'
import { stated } from './stated'

/** Said in the document: JSON Schema cannot compare two fields (docs/api-requests.md). */
const CONFIRMATION_RULE = 'The same text as `password`; otherwise 422 "Passwords do not match"'

export const loginSchema = z.object({
  email: emailField,
  password: presentPassword('Password'),
  /** 'Remember me': the token lives 30 days; otherwise it also ends after some hours idle. */
  remember: z.boolean().optional(),
})

/** The sign-in form: the same fields as the API payload. */
export const loginFormSchema = loginSchema
export type LoginForm = z.input<typeof loginFormSchema>

export const registerSchema = stated(
  z
    .object({
      first_name: requiredString('First name', 100),
      last_name: requiredString('Last name', 100),
      email: emailField,
      password: newPassword('Password'),
      role: z.enum(['customer', 'realtor']).default('customer'),
      business_name: z
        .string()
        .trim()
        .max(200, 'Business name must be at most 200 characters')
        .optional(),
      /** A realtor's reference from a referral link (/register?ref=RLT-… or /realtor/register?ref=RLT-…): the customer's realtor, or the new realtor's upline. */
      referral: z.string().trim().max(40).optional(),
    })
    .refine((value) => value.role !== 'realtor' || Boolean(value.business_name), {
      path: ['business_name'],
      message: requiredMessage('Business name'),
      // Checked alongside the other fields' errors, so an empty form shows every message at once.
      when: (payload) =>
        !payload.issues.some((issue) =>
          ['role', 'business_name'].includes(String(issue.path?.[0])),
        ),
    }),
  {
    if: { properties: { role: { const: 'realtor' } }, required: ['role'] },
    then: { required: ['business_name'], properties: { business_name: { pattern: NOT_BLANK } } },
  },
)

export const forgotPasswordSchema = z.object({ email: emailField })

export const passwordTokenSchema = z.object({
  token: requiredString('Token', 200),
})

export const resetPasswordSchema = z
  .object({
    email: emailField,
    token: requiredString('Token', 200),
    password: newPassword('Password'),
    password_confirmation: stated(
      z
        .string({ error: requiredMessage('Password confirmation') })
        .min(1, requiredMessage('Password confirmation')),
      { description: CONFIRMATION_RULE },
    ),
    on_new_password: z.unknown().optional(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Passwords do not match',
  })

export const verifyEmailSchema = z.object({ otp: otpField })

export const changePasswordSchema = z
  .object({
    current_password: presentPassword('Current password'),
    password: newPassword('New password'),
    password_confirmation: stated(
      z
        .string({ error: requiredMessage('Confirm password') })
        .min(1, requiredMessage('Confirm password')),
      { description: CONFIRMATION_RULE },
    ),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Passwords do not match',
  })

/** A signed-in user's own e-mail change: it waits for the link mailed to the new address. */
export const changeEmailSchema = z.object({
  email: emailField,
  current_password: presentPassword('Password'),
})
export type ChangeEmailForm = z.input<typeof changeEmailSchema>

/** The link of an e-mail change (/confirm-email?token=…), confirmed by a form post. */
export const confirmEmailSchema = z.object({ token: requiredString('Token', 200) })

/** What GET account/email answers: the address in use and one waiting for confirmation. */
export const emailStatusSchema = z.object({
  email: z.string(),
  pending_email: z.string().nullable(),
})
export type EmailStatus = z.infer<typeof emailStatusSchema>

/** The signed-in user as auth/login, auth/register, auth/reset-password, auth/me and verify-email answer it. */
export const sessionUserSchema = z.object({
  uuid: z.string(),
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  email_verified: z.boolean(),
  business_name: z.string().nullable(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/** A new session: the user and the bearer token for every further call. */
export const sessionDataSchema = z.object({ user: sessionUserSchema, token: z.string() })
export type SessionData = z.infer<typeof sessionDataSchema>

/** Whose mailed password link this is, and whether it resets a password or sets the first one. */
export const passwordTokenInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  purpose: z.enum(['reset', 'set']),
})
export type PasswordTokenInfo = z.infer<typeof passwordTokenInfoSchema>

/** The address an e-mail change link has just put in use. */
export const confirmedEmailSchema = z.object({ email: z.string() })

export type RegisterForm = z.input<typeof registerSchema>
export type ForgotPasswordForm = z.input<typeof forgotPasswordSchema>
export type ResetPasswordForm = z.input<typeof resetPasswordSchema>

// Typed or pasted without JavaScript, "123 456" still counts as the code 123456.
const typedCode = z
  .string({ error: requiredMessage('Code') })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(otpField)

/** The code form of /verify-email; the same page's resend button posts intent=resend. */
export const verifyCodeFormSchema = z.object({ intent: z.literal('verify'), otp: typedCode })
export const verifyFormSchema = z.discriminatedUnion('intent', [
  verifyCodeFormSchema,
  z.object({ intent: z.literal('resend') }),
])
export type VerifyCodeForm = z.input<typeof verifyCodeFormSchema>

import { hasPermission, type Permission, type Principal, type Role } from './permissions'

// Free of zod: the browser's menu reads access rules too (see endpoints/people-access.ts).

/**
 * Who may call an endpoint, checked by the API's router before the handler runs:
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any valid token, e-mail verified or not (signing out, entering the e-mail code);
 * - `verified`: a token whose account has a verified e-mail, what every business endpoint needs;
 * - `{ roles, permissions }`: verified, and the caller has one of the roles or holds one of the
 *   permissions (the super admin holds them all).
 * What a caller may see inside an endpoint (their own subscription, a realtor's own customers) is
 * the handler's business, on top of this.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'verified'
  | { readonly roles?: readonly Role[]; readonly permissions?: readonly Permission[] }

/** Whether a caller (null: signed out) passes an endpoint's access rule: the one place such rules are read. */
export function mayCall(user: Principal | null, access: Access, emailVerified = true): boolean {
  if (access === 'public') return true
  if (!user) return false
  if (access === 'signed-in') return true
  if (!emailVerified) return false
  if (access === 'verified') return true
  if (access.roles?.includes(user.role)) return true
  return access.permissions ? hasPermission(user, ...access.permissions) : false
}

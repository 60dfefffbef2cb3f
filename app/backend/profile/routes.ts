import { endpoints } from '~/contract/endpoints'
import { PAYOUT_ACCOUNT_CUSTOMERS_ONLY, PROFILE_UPDATED, REGISTERED_COMPANY_REALTORS_ONLY } from '~/contract/profile'
import { COMPANY_REQUEST_SENT } from '~/contract/registered-company'
import { orNotFound } from '../http/context'
import { fieldError } from '../http/errors'
import { implement } from '../http/router'
import { findPerson } from '../people/queries'
import { getProfile, saveProfile } from './service'

const ownProfile = implement(endpoints.profileShow, async ({ db, user }) => ({ data: await getProfile(db, user.id) }))

const updateOwnProfile = implement(endpoints.profileUpdate, async ({ db, user, body }) => {
  // Payouts are paid to customers only; nobody else has an account to keep here.
  if (user.role !== 'customer' && (body.bank || body.account_number || body.account_name)) {
    throw fieldError('bank', PAYOUT_ACCOUNT_CUSTOMERS_ONLY)
  }
  if (user.role !== 'realtor' && body.registered_company) throw fieldError('registered_company', REGISTERED_COMPANY_REALTORS_ONLY)
  const waiting = await saveProfile(db, user, body)
  return { message: waiting ? COMPANY_REQUEST_SENT : PROFILE_UPDATED, data: await getProfile(db, user.id) }
})

const customerProfile = implement(endpoints.customerProfile, async ({ db, params }) => {
  const customer = orNotFound(await findPerson(db, params.id, ['customer']), 'Customer not found')
  return { data: await getProfile(db, customer.id) }
})

export const profileRoutes = [ownProfile, updateOwnProfile, customerProfile]

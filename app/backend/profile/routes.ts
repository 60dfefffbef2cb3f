import { endpoints } from '~/contract/endpoints'
import { payoutAccountChanged } from '~/contract/payout-account'
import {
  CURRENT_PASSWORD_WRONG,
  PAYOUT_ACCOUNT_CUSTOMERS_ONLY,
  PAYOUT_ACCOUNT_PASSWORD_NEEDED,
  PROFILE_UPDATED,
  REGISTERED_COMPANY_REALTORS_ONLY,
} from '~/contract/profile'
import { COMPANY_REQUEST_SENT } from '~/contract/registered-company'
import { confirmCurrentPassword } from '../auth/service'
import { orNotFound } from '../http/context'
import { refusedField } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'
import { findPerson } from '../people/queries'
import { getProfile, mailPayoutAccountChanged, saveProfile } from './service'
import { prepareAccount } from '../virtual-accounts/service'

const ownProfile = implement(endpoints.profileShow, async ({ db, user }) => ({
  data: await getProfile(db, user.id),
}))

const updateOwnProfile = implement(endpoints.profileUpdate, async ({ db, user, body }) => {
  // Payouts are paid to customers only; nobody else has an account to keep here.
  if (user.role !== 'customer' && (body.bank || body.account_number || body.account_name)) {
    throw refusedField('bank', PAYOUT_ACCOUNT_CUSTOMERS_ONLY)
  }
  if (user.role !== 'realtor' && body.registered_company)
    throw refusedField('registered_company', REGISTERED_COMPANY_REALTORS_ONLY)
  // Where payouts go is changed with the password, not with a session alone; other fields need none.
  const { current_password: password, ...profile } = body
  const changesAccount = payoutAccountChanged(await getProfile(db, user.id), profile)
  if (changesAccount) {
    if (!password) throw refusedField('current_password', PAYOUT_ACCOUNT_PASSWORD_NEEDED)
    if (!(await confirmCurrentPassword(db, user, password)))
      throw refusedField('current_password', CURRENT_PASSWORD_WRONG)
  }
  const { accountChange, companyRequestWaiting } = await saveProfile(db, user, profile, {
    passwordConfirmed: changesAccount,
  })
  if (accountChange) await mailPayoutAccountChanged(db, user, accountChange)
  // A customer waiting for an account number for want of a phone number gets one now.
  if (user.role === 'customer' && profile.phone) await prepareAccount(db, user.id, null)
  return {
    message: companyRequestWaiting ? COMPANY_REQUEST_SENT : PROFILE_UPDATED,
    data: await getProfile(db, user.id),
  }
})

const customerProfile = implement(endpoints.customerProfile, async ({ db, params }) => {
  const customer = orNotFound(await findPerson(db, params.id, ['customer']), 'Customer not found')
  return { data: await getProfile(db, customer.id) }
})

export const profileHandlers = {
  profileShow: ownProfile,
  profileUpdate: updateOwnProfile,
  customerProfile: customerProfile,
} satisfies HandlerTable

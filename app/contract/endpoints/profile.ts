import { endpoint } from '../endpoint'
import { profileSchema, savedProfileSchema } from '../profile'

export const profileEndpoints = {
  profileShow: endpoint({
    method: 'GET',
    path: 'account/profile',
    tag: 'Account',
    summary:
      "The caller's own profile: phone, address, next of kin and (customers) payout bank account",
    description:
      "Empty strings for what has not been given. `bank` is a code from the list of Nigerian banks; `bank_name` is that bank's name.",
    access: 'verified',
    response: savedProfileSchema,
  }),
  profileUpdate: endpoint({
    method: 'POST',
    path: 'account/profile',
    tag: 'Account',
    summary:
      "Save the caller's own profile (every field replaces the saved one; leave one out to clear it)",
    description:
      'A next of kin is given whole (name, phone and relationship), and so is a payout account (bank, 10-digit account number, account name). Only customers have a payout account: anyone else sending one is refused under `bank`. `registered_company` (realtors only; left out means no) is what the realtor says it is: staff set the flag that decides the withholding tax rate of its commissions, so a different answer is filed as a request staff approve or reject (`registered_company_request`, with the date it was made), and answering what the flag already says withdraws it.',
    access: 'verified',
    body: profileSchema,
    errors: {
      409: 'A payout account for someone who is not a customer, a registered company for someone who is not a realtor, or the current password missing or wrong for a payout account change (under the field)',
    },
    response: savedProfileSchema,
  }),
  customerProfile: endpoint({
    method: 'GET',
    path: 'admin/customer/:id/profile',
    tag: 'Customers',
    summary: "A customer's profile (by reference or uuid), with the payout bank account",
    description:
      'For staff who may view customers; realtors do not see their customers’ bank accounts.',
    access: { permissions: ['can_view_customer', 'can_modify_customer'] },
    response: savedProfileSchema,
  }),
} as const

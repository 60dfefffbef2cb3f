export type PeopleKind = 'customer' | 'realtor' | 'user'

/** Each kind's pages and names; the browser reads these, so they stay free of the endpoint table. */
export const PEOPLE = {
  customer: {
    path: '/customers',
    exportList: 'customers',
    title: 'Customers',
    singular: 'Customer',
    item: 'customer',
  },
  realtor: {
    path: '/realtors',
    exportList: 'realtors',
    title: 'Realtors',
    singular: 'Realtor',
    item: 'realtor',
  },
  user: { path: '/users', exportList: 'users', title: 'Users', singular: 'User', item: 'user' },
} as const

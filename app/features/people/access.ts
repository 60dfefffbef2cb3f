import { mayCall } from '~/contract/endpoint'
import { endpoints } from '~/contract/endpoints'
import type { Principal } from '~/contract/permissions'
import type { PeopleKind } from './kinds'

export type { PeopleKind } from './kinds'

/** Each kind's entries of the endpoint table, which the people pages call. */
export const PEOPLE_ENDPOINTS = {
  customer: {
    list: endpoints.customerList,
    create: endpoints.customerCreate,
    show: endpoints.customerShow,
    suspend: endpoints.customerSuspend,
  },
  realtor: {
    list: endpoints.realtorList,
    create: endpoints.realtorCreate,
    show: endpoints.realtorShow,
    suspend: endpoints.realtorSuspend,
  },
  user: {
    list: endpoints.userList,
    create: endpoints.userCreate,
    show: endpoints.userShow,
    suspend: endpoints.userSuspend,
  },
} as const

/** A kind's pages show to those who may call its list (the API checks again anyway). */
export function canSeePeople(user: Principal, kind: PeopleKind) {
  return mayCall(user, PEOPLE_ENDPOINTS[kind].list.access)
}

/** Adding, suspending and editing: those who may call its create endpoint (a realtor: its own customers). */
export function canModifyPeople(user: Principal, kind: PeopleKind) {
  return mayCall(user, PEOPLE_ENDPOINTS[kind].create.access)
}

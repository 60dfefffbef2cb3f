import { endpoint } from '../endpoint'
import {
  deleteAllNotificationsInput,
  notificationListSchema,
  notificationUnreadCountSchema,
} from '../notifications'
import { noData, pageQuery } from './shared'

export const notificationEndpoints = {
  notificationList: endpoint({
    method: 'GET',
    path: 'notification',
    tag: 'Notifications',
    summary: "The caller's notifications, newest first, with the unread total",
    access: 'verified',
    query: pageQuery,
    response: notificationListSchema,
  }),
  notificationUnreadCount: endpoint({
    method: 'GET',
    path: 'notification/unread-count',
    tag: 'Notifications',
    summary: "How many of the caller's notifications are unread",
    description:
      'The same total as `total_unread_notification` of GET notification, for a page that shows only the bell.',
    access: 'verified',
    response: notificationUnreadCountSchema,
  }),
  notificationsMarkAllRead: endpoint({
    method: 'POST',
    path: 'notification/mark-all-as-read',
    tag: 'Notifications',
    summary: "Mark all the caller's notifications read",
    access: 'verified',
    response: noData,
  }),
  notificationsDeleteAll: endpoint({
    method: 'POST',
    path: 'notification/delete-all',
    tag: 'Notifications',
    summary: "Delete all the caller's notifications",
    description:
      'Deletes nothing unless `confirm` is true: without it the answer is 422 with the field named.',
    access: 'verified',
    body: deleteAllNotificationsInput,
    response: noData,
  }),
  notificationMarkRead: endpoint({
    method: 'POST',
    path: 'notification/:uuid/mark-as-read',
    tag: 'Notifications',
    summary: "Mark one of the caller's notifications read",
    description: "Someone else's notification answers 404, as does one that does not exist.",
    access: 'verified',
    response: noData,
  }),
} as const

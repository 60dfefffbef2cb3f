import { z } from 'zod'
import { paginatedSchema } from './endpoints/shared'
import { checkboxField } from './fields'

/** One item of GET notification. */
export const notificationItemSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path of what it is about (a transaction, a receipt, a subscription), or null. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  /** ISO 8601 instant. */
  created_at: z.string(),
})
export type NotificationItem = z.infer<typeof notificationItemSchema>

/** GET notification?page: 10 a page, newest first, with the caller's unread total. */
export const notificationListSchema = paginatedSchema(notificationItemSchema).extend({
  total_unread_notification: z.number().int(),
})
export type NotificationList = z.infer<typeof notificationListSchema>

/** GET notification/unread-count: the bell's figure, without a page of notifications. */
export const notificationUnreadCountSchema = z.object({
  total_unread_notification: z.number().int(),
})

export const DELETE_ALL_CONFIRM_MESSAGE = 'Confirm that you want to delete all your notifications'

/** POST notification/delete-all: nothing is deleted unless the caller confirms it. */
export const deleteAllNotificationsInput = z.object({
  confirm: checkboxField('Confirm').refine((value) => value === true, {
    error: DELETE_ALL_CONFIRM_MESSAGE,
  }),
})

export const NOTIFICATIONS_MARKED_READ = 'All notifications marked as read successfully'
export const NOTIFICATIONS_DELETED = 'All notifications deleted successfully'
export const NOTIFICATION_MARKED_READ = 'Notification marked as read'

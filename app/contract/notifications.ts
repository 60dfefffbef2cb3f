import type { Paginated } from './envelope'

/** One item of GET notification. */
export type NotificationItem = {
  uuid: string
  title: string
  body: string
  is_read: boolean
  /** ISO 8601 instant. */
  created_at: string
}

/** GET notification?page: 10 a page, newest first, with the caller's unread total. */
export type NotificationList = Paginated<NotificationItem> & { total_unread_notification: number }

export const NOTIFICATIONS_MARKED_READ = 'All notifications marked as read successfully'
export const NOTIFICATIONS_DELETED = 'All notifications deleted successfully'
export const NOTIFICATION_MARKED_READ = 'Notification marked as read'

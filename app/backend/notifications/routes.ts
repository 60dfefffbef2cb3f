import { and, count, desc, eq } from 'drizzle-orm'
import {
  NOTIFICATION_MARKED_READ,
  NOTIFICATIONS_DELETED,
  NOTIFICATIONS_MARKED_READ,
  type NotificationItem,
  type NotificationList,
} from '~/contract/notifications'
import { endpoints } from '~/contract/endpoints'
import { PAGE_SIZE } from '~/contract/envelope'
import type { Database } from '../db/client'
import { notifications } from '../db/schema'
import { orNotFound, pageOffset, paginated } from '../http/context'
import { notFound } from '../http/errors'
import { implement, type HandlerTable } from '../http/router'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NOT_FOUND = 'Notification not found'

const unreadCount = async (db: Database, userId: number) => {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
  return unread
}

const list = implement(endpoints.notificationList, async (ctx) => {
  const { user } = ctx
  const page = ctx.query.page ?? 1
  const mine = eq(notifications.userId, user.id)
  const [rows, [{ total }], unread] = await Promise.all([
    ctx.db
      .select({
        uuid: notifications.uuid,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        is_read: notifications.isRead,
        created_at: notifications.createdAt,
      })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    ctx.db.select({ total: count() }).from(notifications).where(mine),
    unreadCount(ctx.db, user.id),
  ])
  const items: NotificationItem[] = rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
  }))
  const data: NotificationList = {
    ...paginated(items, page, total),
    total_unread_notification: unread,
  }
  return { data }
})

const unreadTotal = implement(endpoints.notificationUnreadCount, async ({ db, user }) => ({
  data: { total_unread_notification: await unreadCount(db, user.id) },
}))

const markAllAsRead = implement(endpoints.notificationsMarkAllRead, async ({ db, user }) => {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false)))
  return { message: NOTIFICATIONS_MARKED_READ, data: null }
})

const markAsRead = implement(endpoints.notificationMarkRead, async (ctx) => {
  const { user } = ctx
  const uuid = ctx.params.uuid
  // Someone else's notification, or no such one, answers the same 404.
  if (!UUID.test(uuid)) throw notFound(NOT_FOUND)
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.uuid, uuid), eq(notifications.userId, user.id)))
    .returning({ uuid: notifications.uuid })
  orNotFound(row, NOT_FOUND)
  return { message: NOTIFICATION_MARKED_READ, data: null }
})

const deleteAll = implement(endpoints.notificationsDeleteAll, async ({ db, user }) => {
  await db.delete(notifications).where(eq(notifications.userId, user.id))
  return { message: NOTIFICATIONS_DELETED, data: null }
})

// The router trims slashes, so a path written '/notification/…' matches too.
export const notificationsHandlers = {
  notificationList: list,
  notificationUnreadCount: unreadTotal,
  notificationsMarkAllRead: markAllAsRead,
  notificationsDeleteAll: deleteAll,
  notificationMarkRead: markAsRead,
} satisfies HandlerTable

import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core'
import type { ArrearsRules } from '~/contract/arrears-rules'
import { parseKobo } from '../money'

/**
 * An index column for `ORDER BY … DESC`. PostgreSQL sorts nulls first in a descending order, and
 * an index serves that order only when built the same way: drizzle's .desc() alone builds
 * DESC NULLS LAST, which left every list query sorting its rows.
 */
const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst()

/** Money as integer kobo in a bigint column; both drivers' answers go through parseKobo. */
const kobo = customType<{ data: number; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => parseKobo(value),
  toDriver: (value) => value,
})

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    reference: text('reference').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    businessName: text('business_name'),
    role: text('role', { enum: ['super_admin', 'admin', 'realtor', 'customer'] }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isSuspended: boolean('is_suspended').notNull().default(false),
    /** Who suspended the account, and as what: a realtor may lift only its own suspensions (null: staff). */
    suspendedById: integer('suspended_by_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    suspendedByRole: text('suspended_by_role', { enum: ['super_admin', 'admin', 'realtor'] }),
    realtorId: integer('realtor_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** A realtor's upline: the realtor whose link it signed up through (or staff chose); earns its level-2 commissions. */
    uplineId: integer('upline_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdById: integer('created_by_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('users_role_created_idx').on(
      table.role,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('users_realtor_idx').on(table.realtorId, descending(table.createdAt)),
    index('users_upline_idx').on(table.uplineId),
    // People search (ILIKE '%term%') over the expression app/backend/people/queries.ts searches.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email} || ' ' || ${table.reference} || ' ' || coalesce(${table.businessName}, '')) gin_trgm_ops`,
    ),
  ],
)

/**
 * The browsers a person signed up or signed in from: a hash of the random id the web layer keeps
 * in a long-lived cookie (X-Device-Id). Read by the self-referral check of commissions.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.deviceHash] }),
    index('sign_in_devices_device_idx').on(table.deviceHash),
  ],
)

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissions.name, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permission] })],
)

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Without 'Remember me' a token also dies after SESSION_IDLE_HOURS without use. */
    remember: boolean('remember').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId)],
)

/** A user's own e-mail change, waiting for the link mailed to the new address (one per user). */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

/** Password reset (1 hour) and set-password (7 days) links; single use. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'set'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_tokens_user_idx').on(table.userId)],
)

/** The e-mail verification code: one live code per user. */
export const emailCodes = pgTable('email_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Events counted by the rate limiter (failed sign-ins, mails sent), kept in the database so limits hold across instances. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('rate_limit_events_lookup_idx').on(table.bucket, table.key, table.createdAt)],
)

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path of what the notification is about (a transaction, a receipt, a subscription), or null. */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(
      table.userId,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.isRead} = false`),
  ],
)

/** Uploaded files (product images, proofs of payment), kept in the database so instances stay stateless. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    folder: text('folder').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    /** sha256 of the content (hex): the same image uploaded again is the same proof. */
    contentSha256: text('content_sha256'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The upload quota counts a user's files; the daily clean-up finds old unattached ones.
  (table) => [
    index('files_owner_created_idx').on(table.ownerId, table.createdAt),
    index('files_content_sha256_idx').on(table.contentSha256),
  ],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    /** What people call it ("Palm Grove Estate, Lekki"); blank only on rows written around the API. */
    name: text('name').notNull().default(''),
    type: text('type', { enum: ['land', 'land_investment'] }).notNull(),
    description: text('description').notNull(),
    location: text('location'),
    /** Land: the price. Investment: the minimum amount. */
    amount: kobo('amount').notNull(),
    initialDepositAmount: kobo('initial_deposit_amount'),
    landType: text('land_type', { enum: ['plot', 'acre'] }),
    size: doublePrecision('size'),
    sizeInMeasurement: text('size_in_measurement'),
    availableByQuantity: boolean('available_by_quantity').notNull().default(false),
    unitAvailable: integer('unit_available'),
    isAvailable: boolean('is_available').notNull().default(true),
    discountPercentage: doublePrecision('discount_percentage'),
    investmentReturn: doublePrecision('investment_return'),
    landInvestmentType: text('land_investment_type', { enum: ['recurring', 'one_time'] }),
    interval: text('interval', { enum: ['days', 'weeks', 'months', 'years'] }),
    duration: integer('duration'),
    frequencyPeriod: integer('frequency_period'),
    /** Land sold as plots of this estate: unit_available is then its free plots of `size` m², kept by the registry. */
    estateId: integer('estate_id').references((): AnyPgColumn => estates.id, {
      onDelete: 'restrict',
    }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_estate_idx').on(table.estateId),
    index('products_type_created_idx').on(
      table.type,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('products_type_available_created_idx').on(
      table.type,
      table.isAvailable,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('products_land_type_created_idx').on(
      table.landType,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('products_investment_type_created_idx').on(
      table.landInvestmentType,
      descending(table.createdAt),
      descending(table.id),
    ),
    // GET product's search (case-insensitive, anywhere in name, reference, location or description).
    index('products_search_trgm_idx').using(
      'gin',
      sql`(${table.name} || ' ' || ${table.reference} || ' ' || coalesce(${table.location}, '') || ' ' || ${table.description}) gin_trgm_ops`,
    ),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
)

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: kobo('amount').notNull(),
    duration: integer('duration').notNull(),
    durationType: text('duration_type', { enum: ['days', 'weeks', 'months', 'years'] }).notNull(),
    /** Late payment (app/contract/arrears-rules.ts): days of grace, the fee, when the default action applies. */
    graceDays: integer('grace_days').notNull().default(7),
    lateFeePercent: doublePrecision('late_fee_percent').notNull().default(0),
    defaultAfterDays: integer('default_after_days').notNull().default(90),
    defaultAction: text('default_action', { enum: ['reprice', 'cancel'] })
      .notNull()
      .default('reprice'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('payment_plans_product_idx').on(table.productId, table.createdAt)],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id, {
      onDelete: 'set null',
    }),
    type: text('type', { enum: ['land', 'land_investment'] }).notNull(),
    status: text('status', {
      enum: [
        'awaiting_payment',
        'awaiting_payment_confirmation',
        'ongoing',
        'completed',
        'cancelled',
        'expired',
      ],
    }).notNull(),
    paymentMode: text('payment_mode', { enum: ['full', 'installment'] }).notNull(),
    /** Units of land bought (plots or acres); 1 for an investment. Amounts below are for all of them. */
    quantity: integer('quantity').notNull().default(1),
    /** What the subscriber owes in all: discounted price, plan total, or the amount invested. */
    totalAmount: kobo('total_amount').notNull(),
    amountInvested: kobo('amount_invested'),
    totalAmountPaid: kobo('total_amount_paid').notNull().default(0),
    nextPaymentAmount: kobo('next_payment_amount'),
    nextPaymentDate: date('next_payment_date', { mode: 'string' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').unique(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When it was cancelled by staff, or expired unpaid (status tells which). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When its subscriber was told it expires tomorrow unless paid: once per subscription. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    /** The plan's late-payment rules as shown when subscribing (null: the plan's current rules). */
    arrearsRules: jsonb('arrears_rules').$type<ArrearsRules>(),
    /** The price of one unit paid in full when subscribing, kobo: what repricing compares against. */
    unitPrice: kobo('unit_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_user_type_created_idx').on(
      table.userId,
      table.type,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('subscriptions_type_created_idx').on(
      table.type,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('subscriptions_type_status_created_idx').on(
      table.type,
      table.status,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('subscriptions_product_idx').on(table.productId, table.userId),
    index('subscriptions_next_payment_idx').on(table.nextPaymentDate),
    // The daily expiry job's search: unpaid subscriptions by age.
    index('subscriptions_unpaid_created_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'awaiting_payment' AND ${table.totalAmountPaid} = 0`),
    // The title list: fully paid land purchases.
    index('subscriptions_land_completed_idx')
      .on(table.completedAt, table.id)
      .where(sql`${table.type} = 'land' AND ${table.status} = 'completed'`),
  ],
)

/** The dated rows of a subscription: instalments to pay (land) or payouts to receive (investment). */
export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'payout'] }).notNull(),
    sequence: integer('sequence').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: kobo('amount').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('schedule_entries_subscription_seq_idx').on(
      table.subscriptionId,
      table.kind,
      table.sequence,
    ),
  ],
)

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    reference: text('reference').notNull().unique(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amount: kobo('amount').notNull(),
    description: text('description').notNull(),
    status: text('status', {
      enum: ['awaiting_payment', 'awaiting_confirmation', 'paid', 'not_confirmed'],
    }).notNull(),
    proofFileId: integer('proof_file_id').references(() => files.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    markedById: integer('marked_by_id').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** Why staff marked the payment not confirmed; shown and sent to the payer. */
    notConfirmedReason: text('not_confirmed_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('transactions_subscription_created_idx').on(
      table.subscriptionId,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('transactions_status_idx').on(table.status),
    // Is this file already a proof? (a proof belongs to one payment; unattached uploads are cleaned up)
    index('transactions_proof_file_idx').on(table.proofFileId),
  ],
)

/** A person's own contact details, next of kin and (customers) the bank account payouts go to; a row once saved. */
export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  address: text('address'),
  nextOfKinName: text('next_of_kin_name'),
  nextOfKinPhone: text('next_of_kin_phone'),
  nextOfKinRelationship: text('next_of_kin_relationship'),
  /** A bank code of app/contract/banks.ts. */
  bank: text('bank'),
  accountNumber: text('account_number'),
  accountName: text('account_name'),
  /** Realtors: a registered company, withheld at the company rate. */
  registeredCompany: boolean('registered_company').notNull().default(false),
  /** When the payout account was last set, changed or removed: payouts wait payout_account_hold_hours after it. */
  payoutAccountChangedAt: timestamp('payout_account_changed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/**
 * A realtor's change of its registered company flag, waiting for staff (one per realtor): staff set
 * the flag, and approving the request is how the realtor's own change takes effect.
 */
export const registeredCompanyRequests = pgTable('registered_company_requests', {
  realtorId: integer('realtor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registeredCompany: boolean('registered_company').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
})

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})

/** One reminder per subscription and due date, whatever how often the daily job runs. */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.dueDate] })],
)

/** A late fee charged on a missed instalment: once per instalment (the unique index), with its reason. */
export const lateFees = pgTable(
  'late_fees',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    instalment: integer('instalment').notNull(),
    amount: kobo('amount').notNull(),
    reason: text('reason').notNull(),
    chargedOn: date('charged_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('late_fees_subscription_instalment_idx').on(table.subscriptionId, table.instalment),
  ],
)

/** Escalated reminders of an instalment (on the due date, 1, 7 and 30 days late): a row claims each before it is sent. */
export const arrearsReminders = pgTable(
  'arrears_reminders',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'arrears_reminders_pk',
      columns: [table.subscriptionId, table.dueDate, table.step],
    }),
  ],
)

/** What the daily job did to a subscription and why (a default action), once per event and instalment. */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    instalment: integer('instalment'),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('subscription_history_once_idx').on(
      table.subscriptionId,
      table.event,
      table.instalment,
    ),
    index('subscription_history_subscription_idx').on(table.subscriptionId, table.createdAt),
  ],
)

/**
 * The audit trail (append-only: a trigger refuses UPDATE, DELETE and TRUNCATE). The actor is kept
 * by id, reference and name as they were, so an entry reads the same after the account changes;
 * a null actor_id with actor_name 'system' is a scheduled job.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    actorId: integer('actor_id'),
    actorReference: text('actor_reference'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordReference: text('record_reference').notNull(),
    /** The references of the records the entry also concerns (a payment's subscription, customer and product). */
    related: text('related')
      .array()
      .notNull()
      .default(sql`'{}'`),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }> | null>(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('audit_log_newest_idx').on(descending(table.createdAt), descending(table.id)),
    index('audit_log_record_idx').on(table.recordReference, table.createdAt),
    index('audit_log_related_idx').using('gin', table.related),
    index('audit_log_actor_idx').on(table.actorReference, table.createdAt),
  ],
)

/** Runs of scheduled jobs, so a daily job runs once a day across restarts and instances. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunOn: date('last_run_on', { mode: 'string' }).notNull(),
})

/**
 * A title document belongs to one purchase: the subscription each document file was first recorded
 * for. A step (and each record of its history) may carry only a document of its own subscription.
 */
export const titleDocuments = pgTable(
  'title_documents',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
  },
  (table) => [
    unique('title_documents_file_subscription_unique').on(table.fileId, table.subscriptionId),
    index('title_documents_subscription_idx').on(table.subscriptionId),
  ],
)

const documentOfItsPurchase = (
  name: string,
  table: { documentFileId: AnyPgColumn; subscriptionId: AnyPgColumn },
) =>
  foreignKey({
    name: `${name}_document_of_subscription_fk`,
    columns: [table.documentFileId, table.subscriptionId],
    foreignColumns: [titleDocuments.fileId, titleDocuments.subscriptionId],
  })

/** A fully paid land purchase's title steps as they stand: one row per step recorded (payment completed is its completed_at). */
export const titleSteps = pgTable(
  'title_steps',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    step: text('step', {
      enum: [
        'allocation_letter',
        'plot_allocated',
        'survey_plan',
        'deed',
        'certificate_of_occupancy',
      ],
    }).notNull(),
    status: text('status', { enum: ['done', 'not_applicable'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    documentFileId: integer('document_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    estate: text('estate'),
    block: text('block'),
    plot: text('plot'),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.step] }),
    index('title_steps_document_file_idx').on(table.documentFileId),
    documentOfItsPurchase('title_steps', table),
  ],
)

/** Every record of a title step, corrections included: the current one is also in title_steps. */
export const titleStepHistory = pgTable(
  'title_step_history',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    step: text('step', {
      enum: [
        'allocation_letter',
        'plot_allocated',
        'survey_plan',
        'deed',
        'certificate_of_occupancy',
      ],
    }).notNull(),
    status: text('status', { enum: ['done', 'not_applicable'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    documentFileId: integer('document_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    estate: text('estate'),
    block: text('block'),
    plot: text('plot'),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('title_step_history_subscription_idx').on(table.subscriptionId, table.step, table.id),
    index('title_step_history_document_file_idx').on(table.documentFileId),
    documentOfItsPurchase('title_step_history', table),
  ],
)
/**
 * What an issued PDF asserts, under the code printed on it (/verify/<code>). `subject` names the
 * document (a receipt's transaction, a statement's subscription and figures), so issuing the same
 * document again finds its code instead of making another. The source ids let a lookup work out
 * whether the document still stands; they are set null, not cascaded, so a removed source reads
 * as revoked rather than unknown.
 */
export const documentVerifications = pgTable('document_verifications', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  kind: text('kind', {
    enum: ['receipt', 'land_document', 'statement', 'customer_statement', 'commission_statement'],
  }).notNull(),
  subject: text('subject').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  subscriptionReference: text('subscription_reference'),
  amount: kobo('amount'),
  /** Masked as the verify page shows it ("Ada O."): the full name is never stored here. */
  customerName: text('customer_name').notNull(),
  issuer: text('issuer').notNull(),
  subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
    onDelete: 'set null',
  }),
  transactionId: integer('transaction_id').references(() => transactions.id, {
    onDelete: 'set null',
  }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
})
/**
 * An investment's payout ledger: one row per payout, made when the investment starts, from the
 * schedule it was sold with. `status` is stored (the daily job moves it) so lists and counts read
 * one column; `status_on` is the day it was last worked out.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** 1 for the first payout. */
    sequence: integer('sequence').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: kobo('amount').notNull(),
    /** The part of `amount` that returns the amount invested: 0 except on the last payout. */
    principal: kobo('principal').notNull().default(0),
    status: text('status', { enum: ['scheduled', 'due', 'late', 'paid'] }).notNull(),
    statusOn: date('status_on', { mode: 'string' }).notNull(),
    paidAt: date('paid_at', { mode: 'string' }),
    bankReference: text('bank_reference'),
    proofFileId: integer('proof_file_id').references(() => files.id, { onDelete: 'set null' }),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    /** The investor's payout account when it was recorded paid (bank code, number, name); null if none was on file. */
    paidToBank: text('paid_to_bank'),
    paidToAccountNumber: text('paid_to_account_number'),
    paidToAccountName: text('paid_to_account_name'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payouts_subscription_seq_idx').on(table.subscriptionId, table.sequence),
    index('payouts_status_due_idx').on(table.status, table.dueDate),
    // The upload clean-up asks whether a payout uses a file.
    index('payouts_proof_file_idx').on(table.proofFileId),
  ],
)

/**
 * A realtor's commission on one confirmed payment, at one level (1: the customer's realtor, 2 and
 * 3 its uplines). One per transaction and level: the unique index makes racing marks earn once.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    realtorId: integer('realtor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The level's rate and the withholding tax rate applied, in percent, as they stood when earned. */
    rate: doublePrecision('rate').notNull(),
    withholdingTaxRate: doublePrecision('withholding_tax_rate').notNull(),
    gross: kobo('gross').notNull(),
    withholdingTax: kobo('withholding_tax').notNull(),
    net: kobo('net').notNull(),
    /** held: its purchase waits for staff to review a possible self-referral (commission_holds). */
    status: text('status', { enum: ['earned', 'held', 'paid', 'void'] })
      .notNull()
      .default('earned'),
    paidAt: date('paid_at', { mode: 'string' }),
    bankReference: text('bank_reference'),
    paidById: integer('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    paidMarkedAt: timestamp('paid_marked_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('commissions_transaction_level_idx').on(table.transactionId, table.level),
    index('commissions_realtor_created_idx').on(
      table.realtorId,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('commissions_created_idx').on(descending(table.createdAt), descending(table.id)),
    index('commissions_subscription_idx').on(table.subscriptionId),
  ],
)

/**
 * A purchase whose customer shares a phone number, a bank account number or a device with a
 * realtor of its chain (a possible self-referral): its commissions are held until staff clear it
 * (they are then earned) or confirm it (void). One per subscription.
 */
export const commissionHolds = pgTable(
  'commission_holds',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .unique()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The realtor of the chain the customer matched (the nearest level when several did). */
    realtorId: integer('realtor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What they share: phone, account, device (contract/commission-rules.ts). */
    signals: text('signals').array().notNull(),
    status: text('status', { enum: ['pending', 'cleared', 'confirmed'] })
      .notNull()
      .default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('commission_holds_status_created_idx').on(table.status, table.createdAt),
    index('commission_holds_customer_idx').on(table.customerId),
    index('commission_holds_realtor_idx').on(table.realtorId),
  ],
)

/** A bank statement imported by staff: its bank, file, who brought it in, the days it covers and what it added. */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    /** A bank code of app/contract/banks.ts. */
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull(),
    importedById: integer('imported_by_id').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    firstDate: date('first_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    unreadable: integer('unreadable').notNull().default(0),
  },
  (table) => [index('statement_imports_last_date_idx').on(table.lastDate)],
)

/**
 * A credit line of a statement, with its raw text and a hash that makes the same line imported
 * again (from the same file, an overlapping one, or as XLSX) a duplicate. Its match is a payment
 * awaiting confirmation (transaction_id) or a subscription awaiting payment (subscription_id only).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    narration: text('narration').notNull(),
    reference: text('reference'),
    amount: kobo('amount').notNull(),
    balance: kobo('balance'),
    raw: text('raw').notNull(),
    hash: text('hash').notNull().unique(),
    status: text('status', { enum: ['open', 'confirmed', 'linked', 'ignored', 'settled'] })
      .notNull()
      .default('open'),
    /** The provider whose settlement of payments already given value the line is (status settled). */
    settlementProvider: text('settlement_provider', { enum: ['paystack', 'monnify'] }),
    confidence: text('confidence', { enum: ['exact', 'likely', 'ambiguous', 'none'] })
      .notNull()
      .default('none'),
    transactionId: integer('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    /** The payments an ambiguous line fits (more than one, so it is matched to none of them). */
    candidateTransactionIds: integer('candidate_transaction_ids').array(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // A payment is supported by one line at most.
    uniqueIndex('statement_lines_transaction_idx')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    // A credit with the bank's reference is imported once, whatever bank was chosen for the file.
    uniqueIndex('statement_lines_bank_reference_idx')
      .on(sql`lower(${table.reference})`, table.amount)
      .where(sql`${table.reference} is not null`),
    index('statement_lines_status_confidence_idx').on(
      table.status,
      table.confidence,
      descending(table.date),
      descending(table.id),
    ),
    index('statement_lines_import_idx').on(table.importId),
    index('statement_lines_subscription_idx').on(table.subscriptionId),
  ],
)

/** The columns a bank's statements were last read by (positions, 0-based), offered for its next import. */
export const statementColumnMappings = pgTable('statement_column_mappings', {
  bank: text('bank').primaryKey(),
  columns: jsonb('columns')
    .$type<{
      date: number
      narration: number
      credit: number
      debit: number | null
      balance: number | null
      reference: number | null
    }>()
    .notNull(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
})

/** A statement read by a preview, kept a day so it can be imported once its columns are checked. */
export const statementUploads = pgTable(
  'statement_uploads',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    uploadedById: integer('uploaded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('statement_uploads_created_idx').on(table.createdAt)],
)

const providerColumn = () => text('provider', { enum: ['paystack', 'monnify'] }).notNull()

/**
 * The webhook inbox: every delivery, signed or not. A signed one is unique per provider and event
 * key (the event and the transaction it reports), so a replay is stored once; `status` says what
 * became of it, `claimed_until` keeps two processors off one delivery.
 */
export const providerDeliveries = pgTable(
  'provider_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: providerColumn(),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    status: text('status', {
      enum: ['received', 'processed', 'unallocated', 'failed', 'rejected', 'ignored'],
    })
      .notNull()
      .default('received'),
    rawBody: text('raw_body').notNull(),
    providerReference: text('provider_reference'),
    /** The amount the delivery claims, kobo. */
    amount: kobo('amount'),
    clientIp: text('client_ip'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    receiptId: integer('receipt_id').references((): AnyPgColumn => providerReceipts.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('provider_deliveries_event_idx')
      .on(table.provider, table.eventKey)
      .where(sql`${table.signatureValid}`),
    index('provider_deliveries_status_idx').on(table.status, table.receivedAt),
    index('provider_deliveries_newest_idx').on(descending(table.receivedAt), descending(table.id)),
    index('provider_deliveries_reference_idx').on(table.provider, table.providerReference),
  ],
)

/** The account number a provider opened: a customer's (Paystack), or a subscription's (Monnify). */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: serial('id').primaryKey(),
    provider: providerColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'cascade',
    }),
    /** What the account is opened under with the provider: a subscription's or a customer's reference. */
    accountReference: text('account_reference').notNull(),
    customerCode: text('customer_code'),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('virtual_accounts_reference_idx').on(table.provider, table.accountReference),
    uniqueIndex('virtual_accounts_number_idx')
      .on(table.provider, table.accountNumber)
      .where(sql`${table.accountNumber} is not null`),
    uniqueIndex('virtual_accounts_customer_idx')
      .on(table.provider, table.userId)
      .where(sql`${table.subscriptionId} is null`),
    uniqueIndex('virtual_accounts_subscription_idx')
      .on(table.provider, table.subscriptionId)
      .where(sql`${table.subscriptionId} is not null`),
    index('virtual_accounts_pending_idx').on(table.status, table.lastAttemptAt),
  ],
)

/** A hosted checkout a subscriber started: our reference, the amount, the provider's reference. */
export const providerCheckouts = pgTable(
  'provider_checkouts',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    provider: providerColumn(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: kobo('amount').notNull(),
    providerReference: text('provider_reference'),
    authorizationUrl: text('authorization_url'),
    createdAt: createdAt(),
  },
  (table) => [
    index('provider_checkouts_provider_reference_idx').on(table.provider, table.providerReference),
  ],
)

/**
 * One provider transaction given value, unique per provider and reference and inserted with the
 * value, so it is given once. Paid and settled amounts apart; `settlement_line_id` marks the
 * statement line the provider's settlement arrived on (reconciliation).
 */
export const providerReceipts = pgTable(
  'provider_receipts',
  {
    id: serial('id').primaryKey(),
    provider: providerColumn(),
    providerReference: text('provider_reference').notNull(),
    channel: text('channel', { enum: ['transfer', 'checkout'] }).notNull(),
    amountPaid: kobo('amount_paid').notNull(),
    amountSettled: kobo('amount_settled').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    transactionId: integer('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    checkoutId: integer('checkout_id').references(() => providerCheckouts.id, {
      onDelete: 'set null',
    }),
    virtualAccountId: integer('virtual_account_id').references(() => virtualAccounts.id, {
      onDelete: 'set null',
    }),
    settlementLineId: integer('settlement_line_id').references(() => statementLines.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('provider_receipts_reference_idx').on(table.provider, table.providerReference),
    uniqueIndex('provider_receipts_transaction_idx')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    index('provider_receipts_paid_at_idx').on(table.paidAt),
    index('provider_receipts_unsettled_idx')
      .on(table.provider, table.paidAt)
      .where(sql`${table.settlementLineId} is null`),
  ],
)

/**
 * Money received that paid no payment. `amount` is what it holds (a remainder of an allocation is
 * a child of the credit it came from); an allocation or refund asked for waits in `pending_*` for a
 * second member of staff.
 */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => providerReceipts.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => credits.id, {
      onDelete: 'restrict',
    }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The subscription the money was sent for, when its account or checkout names one. */
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    amount: kobo('amount').notNull(),
    reason: text('reason', {
      enum: ['under', 'over', 'between', 'ambiguous', 'no_subscription', 'remainder'],
    }).notNull(),
    state: text('state', { enum: ['open', 'allocated', 'refunded'] })
      .notNull()
      .default('open'),
    pendingAction: text('pending_action', { enum: ['allocate', 'refund'] }),
    pendingSubscriptionId: integer('pending_subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    pendingAmount: kobo('pending_amount'),
    pendingReason: text('pending_reason'),
    requestedById: integer('requested_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    transactionId: integer('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundBankReference: text('refund_bank_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('credits_receipt_idx')
      .on(table.receiptId)
      .where(sql`${table.parentId} is null`),
    index('credits_customer_idx').on(
      table.customerId,
      descending(table.createdAt),
      descending(table.id),
    ),
    index('credits_newest_idx').on(descending(table.createdAt), descending(table.id)),
    index('credits_state_idx').on(table.state, table.pendingAction),
  ],
)

// ---------------------------------------------------------------------------------------------
// The plot registry (docs/plot-registry.md): estates, their blocks and plots, and which live
// subscription holds each plot.

type StoredBeacon = readonly [easting: number, northing: number]

/** Square metres to the hundredth, read as numbers from both drivers. */
const squareMetres = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })

export const estates = pgTable(
  'estates',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    /** Minna / UTM zone of every beacon in the estate; null only on estates made from free-text allocations. */
    utmZone: text('utm_zone', { enum: ['31N', '32N'] }),
    /** The surveyed boundary, beacons as plots have them. */
    boundary: jsonb('boundary').$type<StoredBeacon[]>(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('estates_name_idx').on(sql`lower(${table.name})`),
    check('estates_utm_zone_check', sql`${table.utmZone} IN ('31N', '32N')`),
  ],
)

export const estateBlocks = pgTable(
  'estate_blocks',
  {
    id: serial('id').primaryKey(),
    estateId: integer('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name compared: lower case, single spaces, without a leading "Block". */
    key: text('key').notNull(),
  },
  (table) => [unique('estate_blocks_estate_key_unique').on(table.estateId, table.key)],
)

export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    estateId: integer('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'restrict' }),
    blockId: integer('block_id')
      .notNull()
      .references(() => estateBlocks.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    numberKey: text('number_key').notNull(),
    sizeSqm: squareMetres('size_sqm').notNull(),
    beacons: jsonb('beacons').$type<StoredBeacon[]>(),
    /** The shoelace area of the beacons on the grid; null until surveyed. */
    surveyedAreaSqm: squareMetres('surveyed_area_sqm'),
    /** The stated size is more than 2 % off the surveyed area. */
    sizeMismatch: boolean('size_mismatch').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('plots_block_number_unique').on(table.blockId, table.numberKey),
    index('plots_estate_size_idx').on(table.estateId, table.sizeSqm),
    check('plots_size_check', sql`${table.sizeSqm} > 0`),
  ],
)

/**
 * Which subscription holds a plot: reserved when bought, allocated on the title tracker, released
 * when the subscription ends or the plot is reallocated (with the reason). At most one live row
 * (reserved or allocated) per plot, whatever the code does: plot_allocations_live_plot_idx.
 */
export const plotAllocations = pgTable(
  'plot_allocations',
  {
    id: serial('id').primaryKey(),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['reserved', 'allocated', 'released'] }).notNull(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The date of the title step that allocated it. */
    allocatedOn: date('allocated_on', { mode: 'string' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason'),
    releasedById: integer('released_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('plot_allocations_live_plot_idx')
      .on(table.plotId)
      .where(sql`${table.status} IN ('reserved', 'allocated')`),
    index('plot_allocations_subscription_idx').on(table.subscriptionId, table.status),
    check(
      'plot_allocations_status_check',
      sql`${table.status} IN ('reserved', 'allocated', 'released')`,
    ),
  ],
)

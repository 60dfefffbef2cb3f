-- Money that confirms itself through a payment provider (Paystack or Monnify).
-- provider_deliveries: the webhook inbox. A signed delivery is unique per provider and event key
-- (the event and the transaction it reports), so a replay, or the same event reaching two
-- instances at once, is stored once; deliveries refused for their signature are kept beside them.
-- provider_receipts: one row per provider transaction given value, unique per provider and
-- reference, inserted in the same transaction that gives the value: whatever path reports it
-- (a webhook, its replay, the checkout's return), value is given once. Its settlement_line_id is
-- the reconciliation mark: the statement line the provider's settlement arrived on.
CREATE TABLE "provider_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_type" text NOT NULL,
	"event_key" text NOT NULL,
	"signature_valid" boolean NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"raw_body" text NOT NULL,
	"provider_reference" text,
	"amount" bigint,
	"client_ip" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_until" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"receipt_id" integer,
	CONSTRAINT "provider_deliveries_provider_check" CHECK ("provider" IN ('paystack', 'monnify')),
	CONSTRAINT "provider_deliveries_status_check" CHECK ("status" IN ('received', 'processed', 'unallocated', 'failed', 'rejected', 'ignored'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_deliveries_event_idx" ON "provider_deliveries" USING btree ("provider","event_key") WHERE "provider_deliveries"."signature_valid";--> statement-breakpoint
CREATE INDEX "provider_deliveries_status_idx" ON "provider_deliveries" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "provider_deliveries_newest_idx" ON "provider_deliveries" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "provider_deliveries_reference_idx" ON "provider_deliveries" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer,
	"account_reference" text NOT NULL,
	"customer_code" text,
	"bank_name" text,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	CONSTRAINT "virtual_accounts_provider_check" CHECK ("provider" IN ('paystack', 'monnify')),
	CONSTRAINT "virtual_accounts_status_check" CHECK ("status" IN ('pending', 'active'))
);
--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_reference_idx" ON "virtual_accounts" USING btree ("provider","account_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_number_idx" ON "virtual_accounts" USING btree ("provider","account_number") WHERE "virtual_accounts"."account_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_customer_idx" ON "virtual_accounts" USING btree ("provider","user_id") WHERE "virtual_accounts"."subscription_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_subscription_idx" ON "virtual_accounts" USING btree ("provider","subscription_id") WHERE "virtual_accounts"."subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "virtual_accounts_pending_idx" ON "virtual_accounts" USING btree ("status","last_attempt_at");--> statement-breakpoint
CREATE TABLE "provider_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"provider_reference" text,
	"authorization_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_checkouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "provider_checkouts_provider_check" CHECK ("provider" IN ('paystack', 'monnify'))
);
--> statement-breakpoint
ALTER TABLE "provider_checkouts" ADD CONSTRAINT "provider_checkouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_checkouts" ADD CONSTRAINT "provider_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_checkouts_provider_reference_idx" ON "provider_checkouts" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE TABLE "provider_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"channel" text NOT NULL,
	"amount_paid" bigint NOT NULL,
	"amount_settled" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"customer_id" integer,
	"transaction_id" integer,
	"checkout_id" integer,
	"virtual_account_id" integer,
	"settlement_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_receipts_provider_check" CHECK ("provider" IN ('paystack', 'monnify')),
	CONSTRAINT "provider_receipts_channel_check" CHECK ("channel" IN ('transfer', 'checkout'))
);
--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_checkout_id_provider_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."provider_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_receipts" ADD CONSTRAINT "provider_receipts_settlement_line_id_statement_lines_id_fk" FOREIGN KEY ("settlement_line_id") REFERENCES "public"."statement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipts_reference_idx" ON "provider_receipts" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipts_transaction_idx" ON "provider_receipts" USING btree ("transaction_id") WHERE "provider_receipts"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "provider_receipts_paid_at_idx" ON "provider_receipts" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "provider_receipts_unsettled_idx" ON "provider_receipts" USING btree ("provider","paid_at") WHERE "provider_receipts"."settlement_line_id" is null;--> statement-breakpoint
ALTER TABLE "provider_deliveries" ADD CONSTRAINT "provider_deliveries_receipt_id_provider_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."provider_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- credits: money received that paid no payment. The amount paid and the amount settled (less the
-- provider's fee) are kept apart; the customer is credited with what they paid. An allocation or
-- refund one member of staff asks for waits (pending_action) for a second to confirm.
CREATE TABLE "credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"receipt_id" integer NOT NULL,
	"parent_id" integer,
	"customer_id" integer NOT NULL,
	"subscription_id" integer,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"pending_action" text,
	"pending_subscription_id" integer,
	"pending_amount" bigint,
	"pending_reason" text,
	"requested_by_id" integer,
	"requested_at" timestamp with time zone,
	"transaction_id" integer,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"refund_reason" text,
	"refund_bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credits_reference_unique" UNIQUE("reference"),
	CONSTRAINT "credits_state_check" CHECK ("state" IN ('open', 'allocated', 'refunded')),
	CONSTRAINT "credits_pending_action_check" CHECK ("pending_action" IS NULL OR ("pending_action" IN ('allocate', 'refund') AND "state" = 'open')),
	CONSTRAINT "credits_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_receipt_id_provider_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."provider_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_parent_id_credits_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_pending_subscription_id_subscriptions_id_fk" FOREIGN KEY ("pending_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The first credit of a provider payment is made once; what an allocation leaves over is its child.
CREATE UNIQUE INDEX "credits_receipt_idx" ON "credits" USING btree ("receipt_id") WHERE "credits"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "credits_customer_idx" ON "credits" USING btree ("customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credits_newest_idx" ON "credits" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credits_state_idx" ON "credits" USING btree ("state","pending_action");--> statement-breakpoint
-- A statement line may be a provider's settlement of payments already given value: never matched to a manual payment.
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_status_check";--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_status_check" CHECK ("status" IN ('open', 'confirmed', 'linked', 'ignored', 'settled'));--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "settlement_provider" text;

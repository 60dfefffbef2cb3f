-- Overdue instalments: each plan's rules for late payment, the rules and unit price a subscription
-- was sold under, late fees charged once per instalment, escalated reminders sent once, and a
-- history of what the daily job did to a subscription and why.
ALTER TABLE "payment_plans" ADD COLUMN "grace_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "late_fee_percent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "default_after_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "default_action" text DEFAULT 'reprice' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_arrears_rules_check" CHECK ("grace_days" BETWEEN 0 AND 90 AND "late_fee_percent" BETWEEN 0 AND 50 AND "default_after_days" > "grace_days" AND "default_after_days" <= 730 AND "default_action" IN ('reprice', 'cancel'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "arrears_rules" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unit_price" bigint;--> statement-breakpoint
CREATE TABLE "late_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
	"instalment" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"charged_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "late_fees_subscription_instalment_idx" ON "late_fees" USING btree ("subscription_id","instalment");--> statement-breakpoint
CREATE TABLE "arrears_reminders" (
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
	"due_date" date NOT NULL,
	"step" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arrears_reminders_pk" PRIMARY KEY("subscription_id","due_date","step")
);--> statement-breakpoint
CREATE TABLE "subscription_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
	"event" text NOT NULL,
	"instalment" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_history_once_idx" ON "subscription_history" USING btree ("subscription_id","event","instalment");--> statement-breakpoint
CREATE INDEX "subscription_history_subscription_idx" ON "subscription_history" USING btree ("subscription_id","created_at");

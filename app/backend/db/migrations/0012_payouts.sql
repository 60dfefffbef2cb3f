CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"status_on" date NOT NULL,
	"paid_at" date,
	"bank_reference" text,
	"proof_file_id" integer,
	"recorded_by_id" integer,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "payouts_status_check" CHECK ("status" IN ('scheduled', 'due', 'late', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_proof_file_id_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_subscription_seq_idx" ON "payouts" USING btree ("subscription_id","sequence");--> statement-breakpoint
CREATE INDEX "payouts_status_due_idx" ON "payouts" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "payouts_proof_file_idx" ON "payouts" USING btree ("proof_file_id");--> statement-breakpoint
-- Investments already paying out or matured get their ledger from the schedule they were sold with.
-- Matured ones count as paid on the day they completed (recorded before the ledger existed); the
-- payouts of ongoing ones were only settled by the clock, so they are unpaid until staff record them.
INSERT INTO "payouts" ("subscription_id", "sequence", "due_date", "amount", "principal", "status", "status_on", "paid_at", "recorded_at")
SELECT se."subscription_id", se."sequence" + 1, se."due_date", se."amount",
	CASE WHEN se."sequence" = last."sequence" THEN coalesce(s."amount_invested", 0) ELSE 0 END,
	CASE
		WHEN s."status" = 'completed' THEN 'paid'
		WHEN se."due_date" > CURRENT_DATE THEN 'scheduled'
		WHEN se."due_date" >= CURRENT_DATE - 3 THEN 'due'
		ELSE 'late'
	END,
	CURRENT_DATE,
	CASE WHEN s."status" = 'completed' THEN coalesce(se."settled_at", s."completed_at", s."updated_at")::date END,
	CASE WHEN s."status" = 'completed' THEN coalesce(se."settled_at", s."completed_at", s."updated_at") END
FROM "schedule_entries" se
JOIN "subscriptions" s ON s."id" = se."subscription_id"
JOIN (SELECT "subscription_id", max("sequence") AS "sequence" FROM "schedule_entries" WHERE "kind" = 'payout' GROUP BY "subscription_id") last
	ON last."subscription_id" = se."subscription_id"
WHERE se."kind" = 'payout' AND s."type" = 'land_investment' AND s."status" IN ('ongoing', 'completed');--> statement-breakpoint
UPDATE "schedule_entries" se SET "settled_at" = NULL
FROM "subscriptions" s
WHERE s."id" = se."subscription_id" AND se."kind" = 'payout' AND s."type" = 'land_investment' AND s."status" = 'ongoing';--> statement-breakpoint
UPDATE "subscriptions" s SET "next_payment_date" = p."due_date", "next_payment_amount" = p."amount"
FROM "payouts" p
WHERE p."subscription_id" = s."id" AND p."sequence" = 1 AND s."status" = 'ongoing' AND s."type" = 'land_investment';

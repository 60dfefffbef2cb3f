ALTER TABLE "users" ADD COLUMN "upline_id" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_upline_id_users_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "users_upline_idx" ON "users" USING btree ("upline_id");
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "registered_company" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"realtor_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"level" integer NOT NULL,
	"rate" double precision NOT NULL,
	"withholding_tax_rate" double precision NOT NULL,
	"gross" bigint NOT NULL,
	"withholding_tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" text DEFAULT 'earned' NOT NULL,
	"paid_at" date,
	"bank_reference" text,
	"paid_by_id" integer,
	"paid_marked_at" timestamp with time zone,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_realtor_id_users_id_fk" FOREIGN KEY ("realtor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_transaction_level_idx" ON "commissions" USING btree ("transaction_id","level");
--> statement-breakpoint
CREATE INDEX "commissions_realtor_created_idx" ON "commissions" USING btree ("realtor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "commissions_subscription_idx" ON "commissions" USING btree ("subscription_id");

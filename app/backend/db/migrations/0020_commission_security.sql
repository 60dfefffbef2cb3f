CREATE TABLE "registered_company_requests" (
	"realtor_id" integer PRIMARY KEY NOT NULL,
	"registered_company" boolean NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registered_company_requests" ADD CONSTRAINT "registered_company_requests_realtor_id_users_id_fk" FOREIGN KEY ("realtor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sign_in_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sign_in_devices_device_idx" ON "sign_in_devices" USING btree ("device_hash");
--> statement-breakpoint
CREATE TABLE "commission_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"realtor_id" integer NOT NULL,
	"signals" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_holds_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "commission_holds_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "commission_holds" ADD CONSTRAINT "commission_holds_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commission_holds" ADD CONSTRAINT "commission_holds_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commission_holds" ADD CONSTRAINT "commission_holds_realtor_id_users_id_fk" FOREIGN KEY ("realtor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "commission_holds" ADD CONSTRAINT "commission_holds_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "commission_holds_status_created_idx" ON "commission_holds" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "commission_holds_customer_idx" ON "commission_holds" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "commission_holds_realtor_idx" ON "commission_holds" USING btree ("realtor_id");

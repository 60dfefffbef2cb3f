CREATE TABLE "title_steps" (
	"subscription_id" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"document_file_id" integer,
	"estate" text,
	"block" text,
	"plot" text,
	"recorded_by_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "title_steps_subscription_id_step_pk" PRIMARY KEY("subscription_id","step")
);
--> statement-breakpoint
CREATE TABLE "title_step_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"document_file_id" integer,
	"estate" text,
	"block" text,
	"plot" text,
	"recorded_by_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "title_steps" ADD CONSTRAINT "title_steps_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_steps" ADD CONSTRAINT "title_steps_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_steps" ADD CONSTRAINT "title_steps_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_step_history" ADD CONSTRAINT "title_step_history_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_step_history" ADD CONSTRAINT "title_step_history_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_step_history" ADD CONSTRAINT "title_step_history_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_step_history_subscription_idx" ON "title_step_history" USING btree ("subscription_id","step","id");--> statement-breakpoint
CREATE INDEX "title_steps_document_file_idx" ON "title_steps" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "title_step_history_document_file_idx" ON "title_step_history" USING btree ("document_file_id");--> statement-breakpoint
-- The title list's search: fully paid land purchases, by when they were completed.
CREATE INDEX "subscriptions_land_completed_idx" ON "subscriptions" USING btree ("completed_at","id") WHERE "subscriptions"."type" = 'land' AND "subscriptions"."status" = 'completed';

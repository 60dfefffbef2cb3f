-- Bank statements brought in by staff and their credit lines. A line's hash (bank, date, amount,
-- narration, reference, balance and its occurrence among identical rows of one file) is unique, so
-- importing the same statement again, or one that overlaps it, adds no line twice. A payment is
-- supported by at most one line: the partial unique index on transaction_id.
CREATE TABLE "statement_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"bank" text NOT NULL,
	"file_name" text NOT NULL,
	"imported_by_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_date" date,
	"last_date" date,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"unreadable" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statement_imports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_imports_last_date_idx" ON "statement_imports" USING btree ("last_date");--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"bank" text NOT NULL,
	"date" date NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"amount" bigint NOT NULL,
	"balance" bigint,
	"raw" text NOT NULL,
	"hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"confidence" text DEFAULT 'none' NOT NULL,
	"transaction_id" integer,
	"subscription_id" integer,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_hash_unique" UNIQUE("hash"),
	CONSTRAINT "statement_lines_status_check" CHECK ("status" IN ('open', 'confirmed', 'linked', 'ignored')),
	CONSTRAINT "statement_lines_confidence_check" CHECK ("confidence" IN ('exact', 'likely', 'none'))
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_transaction_idx" ON "statement_lines" USING btree ("transaction_id") WHERE "statement_lines"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_lines_status_confidence_idx" ON "statement_lines" USING btree ("status","confidence","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "statement_lines_subscription_idx" ON "statement_lines" USING btree ("subscription_id");--> statement-breakpoint
CREATE TABLE "statement_column_mappings" (
	"bank" text PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_column_mappings" ADD CONSTRAINT "statement_column_mappings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "statement_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"bank" text NOT NULL,
	"file_name" text NOT NULL,
	"content" bytea NOT NULL,
	"uploaded_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_uploads_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "statement_uploads" ADD CONSTRAINT "statement_uploads_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_uploads_created_idx" ON "statement_uploads" USING btree ("created_at");

-- Every PDF the product issues carries a code that /verify/<code> answers with what the document asserts.
CREATE TABLE "document_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_reference" text,
	"amount" bigint,
	"customer_name" text NOT NULL,
	"issuer" text NOT NULL,
	"subscription_id" integer,
	"transaction_id" integer,
	"user_id" integer,
	CONSTRAINT "document_verifications_code_unique" UNIQUE("code"),
	CONSTRAINT "document_verifications_subject_unique" UNIQUE("subject")
);
--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_verifications" ADD CONSTRAINT "document_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;

ALTER TABLE "subscriptions" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_unpaid_created_idx" ON "subscriptions" USING btree ("created_at") WHERE "status" = 'awaiting_payment' AND "total_amount_paid" = 0;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE INDEX "files_content_sha256_idx" ON "files" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_proof_file_idx" ON "transactions" USING btree ("proof_file_id");

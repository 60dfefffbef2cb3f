ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "not_confirmed_reason" text;

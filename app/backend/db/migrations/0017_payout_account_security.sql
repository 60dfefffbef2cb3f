-- When a customer's payout account was last set, changed or removed: payouts to it are held for
-- the payout_account_hold_hours setting after that. Accounts saved before this stay unheld (null).
ALTER TABLE "profiles" ADD COLUMN "payout_account_changed_at" timestamp with time zone;--> statement-breakpoint
-- The account a payout was paid into, copied from the investor's profile when it is recorded paid.
ALTER TABLE "payouts" ADD COLUMN "paid_to_bank" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_to_account_number" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_to_account_name" text;

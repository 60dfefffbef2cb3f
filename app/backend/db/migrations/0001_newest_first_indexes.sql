DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "products_type_created_idx";--> statement-breakpoint
DROP INDEX "products_type_available_created_idx";--> statement-breakpoint
DROP INDEX "products_land_type_created_idx";--> statement-breakpoint
DROP INDEX "products_investment_type_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_type_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_type_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_type_status_created_idx";--> statement-breakpoint
DROP INDEX "transactions_subscription_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
DROP INDEX "users_realtor_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_type_created_idx" ON "products" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_type_available_created_idx" ON "products" USING btree ("type","is_available","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_land_type_created_idx" ON "products" USING btree ("land_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_investment_type_created_idx" ON "products" USING btree ("land_investment_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_user_type_created_idx" ON "subscriptions" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_type_created_idx" ON "subscriptions" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_type_status_created_idx" ON "subscriptions" USING btree ("type","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_subscription_created_idx" ON "transactions" USING btree ("subscription_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_realtor_idx" ON "users" USING btree ("realtor_id","created_at" DESC NULLS FIRST);
-- Trigram matching for the product search index (a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_land_type_created_idx" ON "products" USING btree ("land_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_investment_type_created_idx" ON "products" USING btree ("land_investment_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("reference" || ' ' || coalesce("location", '') || ' ' || "description") gin_trgm_ops);
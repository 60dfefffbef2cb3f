ALTER TABLE "products" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "name" = CASE WHEN "type" = 'land' THEN coalesce(nullif(trim("location"), ''), "reference") ELSE 'Land investment, ' || coalesce(nullif(trim("location"), ''), "reference") END WHERE "name" = '';--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("name" || ' ' || "reference" || ' ' || coalesce("location", '') || ' ' || "description") gin_trgm_ops);

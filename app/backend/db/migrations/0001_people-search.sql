-- pg_trgm ships with PostgreSQL (contrib) and PGlite; it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "reference" || ' ' || coalesce("business_name", '')) gin_trgm_ops);

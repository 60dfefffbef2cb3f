-- The audit trail: one row per state change or security event, written in the same transaction as
-- the change. `related` holds the references of the records an entry also concerns (a payment's
-- subscription and customer), so each record's history finds it. Rows are append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, so no path
-- through the product (or a stray SQL statement) can rewrite what happened.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_reference" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_reference" text NOT NULL,
	"related" text[] DEFAULT '{}' NOT NULL,
	"summary" text NOT NULL,
	"changes" jsonb,
	"client_ip" text,
	"user_agent" text
);--> statement-breakpoint
CREATE INDEX "audit_log_newest_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_reference", "created_at");--> statement-breakpoint
CREATE INDEX "audit_log_related_idx" ON "audit_log" USING gin ("related");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_reference", "created_at");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'The audit log is append-only: % is refused', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

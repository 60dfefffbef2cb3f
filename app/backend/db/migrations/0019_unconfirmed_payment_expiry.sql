-- A title step's document belongs to one purchase. title_documents names the subscription each
-- document file serves, and the composite foreign keys below let a step, and each record of its
-- history, carry only a document of its own subscription.
CREATE TABLE "title_documents" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	CONSTRAINT "title_documents_file_subscription_unique" UNIQUE("file_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "title_documents" ADD CONSTRAINT "title_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_documents" ADD CONSTRAINT "title_documents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_documents_subscription_idx" ON "title_documents" USING btree ("subscription_id");--> statement-breakpoint
-- A file already recorded for several purchases stays with the first it was recorded for; every
-- other purchase gets its own copy of it under a new name, so no customer loses a document and
-- none keeps a link to another's.
DO $$
DECLARE
	shared record;
	copy_id integer;
BEGIN
	FOR shared IN
		WITH uses AS (
			SELECT "document_file_id" AS file_id, "subscription_id", "id" AS record_id FROM "title_step_history" WHERE "document_file_id" IS NOT NULL
			UNION ALL
			SELECT "document_file_id", "subscription_id", NULL FROM "title_steps" WHERE "document_file_id" IS NOT NULL
		), pairs AS (
			SELECT file_id, "subscription_id", min(record_id) AS first_record FROM uses GROUP BY file_id, "subscription_id"
		), ranked AS (
			SELECT file_id, "subscription_id", row_number() OVER (PARTITION BY file_id ORDER BY first_record NULLS LAST, "subscription_id") AS rank FROM pairs
		)
		SELECT file_id, "subscription_id" FROM ranked WHERE rank > 1
	LOOP
		INSERT INTO "files" ("name", "folder", "content_type", "size", "content", "content_sha256", "owner_id", "created_at")
			SELECT replace(gen_random_uuid()::text, '-', '') || coalesce(substring("name" from '\.[A-Za-z0-9]+$'), ''),
				"folder", "content_type", "size", "content", "content_sha256", "owner_id", "created_at"
			FROM "files" WHERE "id" = shared.file_id
			RETURNING "id" INTO copy_id;
		UPDATE "title_steps" SET "document_file_id" = copy_id WHERE "document_file_id" = shared.file_id AND "subscription_id" = shared."subscription_id";
		UPDATE "title_step_history" SET "document_file_id" = copy_id WHERE "document_file_id" = shared.file_id AND "subscription_id" = shared."subscription_id";
	END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "title_documents" ("file_id", "subscription_id")
	SELECT "document_file_id", "subscription_id" FROM "title_step_history" WHERE "document_file_id" IS NOT NULL
	UNION
	SELECT "document_file_id", "subscription_id" FROM "title_steps" WHERE "document_file_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "title_steps" ADD CONSTRAINT "title_steps_document_of_subscription_fk" FOREIGN KEY ("document_file_id","subscription_id") REFERENCES "public"."title_documents"("file_id","subscription_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_step_history" ADD CONSTRAINT "title_step_history_document_of_subscription_fk" FOREIGN KEY ("document_file_id","subscription_id") REFERENCES "public"."title_documents"("file_id","subscription_id") ON DELETE no action ON UPDATE no action;

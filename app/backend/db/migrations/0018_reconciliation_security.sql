-- A credit line may be ambiguous: it fits more than one payment awaiting confirmation, so it is
-- matched to none and names them all (candidate_transaction_ids) for staff to decide.
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_confidence_check";--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_confidence_check" CHECK ("confidence" IN ('exact', 'likely', 'ambiguous', 'none'));--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "candidate_transaction_ids" integer[];--> statement-breakpoint
-- A credit that carries the bank's own reference is imported once, whatever bank was chosen for the
-- file: the same reference and amount are the same credit. Copies imported before this rule keep
-- their line, with " (copy of line N)" added to the reference, so the rule can hold and staff can
-- still find them.
UPDATE "statement_lines" AS "copy"
SET "reference" = "copy"."reference" || ' (copy of line ' || "first"."id" || ')'
FROM "statement_lines" AS "first"
WHERE "copy"."reference" IS NOT NULL
	AND lower("first"."reference") = lower("copy"."reference")
	AND "first"."amount" = "copy"."amount"
	AND "first"."id" < "copy"."id"
	AND NOT EXISTS (
		SELECT 1 FROM "statement_lines" AS "earlier"
		WHERE lower("earlier"."reference") = lower("first"."reference") AND "earlier"."amount" = "first"."amount" AND "earlier"."id" < "first"."id"
	);--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_bank_reference_idx" ON "statement_lines" USING btree (lower("reference"),"amount") WHERE "statement_lines"."reference" is not null;

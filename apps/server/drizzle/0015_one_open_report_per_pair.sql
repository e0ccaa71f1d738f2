ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_check";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reasons" text[];--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Written by hand: the reports made so far keep their reason and time.
UPDATE "reports" SET "reasons" = ARRAY["reason"], "updated_at" = "created_at";--> statement-breakpoint
-- A reporter's open reports on one member become the oldest of them, with every reason, note and
-- message of the others, in the order given, and the time of the newest; then the others go.
UPDATE "reports" AS "kept" SET
  "reasons" = (
    SELECT array_agg("r"."reason" ORDER BY "r"."first") FROM (
      SELECT "reason", min("created_at") AS "first" FROM "reports"
      WHERE "closed_at" IS NULL AND "reporter_id" = "kept"."reporter_id" AND "reported_id" = "kept"."reported_id"
      GROUP BY "reason") AS "r"),
  "note" = (
    SELECT string_agg("n"."note", E'\n\n' ORDER BY "n"."first") FROM (
      SELECT "note", min("created_at") AS "first" FROM "reports"
      WHERE "closed_at" IS NULL AND "reporter_id" = "kept"."reporter_id" AND "reported_id" = "kept"."reported_id" AND "note" IS NOT NULL
      GROUP BY "note") AS "n"),
  "message_seqs" = (
    SELECT coalesce(array_agg(DISTINCT "s" ORDER BY "s"), '{}') FROM "reports", unnest("message_seqs") AS "s"
    WHERE "closed_at" IS NULL AND "reporter_id" = "kept"."reporter_id" AND "reported_id" = "kept"."reported_id"),
  "updated_at" = (
    SELECT max("created_at") FROM "reports"
    WHERE "closed_at" IS NULL AND "reporter_id" = "kept"."reporter_id" AND "reported_id" = "kept"."reported_id")
WHERE "kept"."closed_at" IS NULL AND EXISTS (
  SELECT 1 FROM "reports" AS "other"
  WHERE "other"."closed_at" IS NULL AND "other"."reporter_id" = "kept"."reporter_id"
    AND "other"."reported_id" = "kept"."reported_id" AND "other"."id" <> "kept"."id");--> statement-breakpoint
DELETE FROM "reports" AS "later" WHERE "later"."closed_at" IS NULL AND EXISTS (
  SELECT 1 FROM "reports" AS "kept"
  WHERE "kept"."closed_at" IS NULL AND "kept"."reporter_id" = "later"."reporter_id"
    AND "kept"."reported_id" = "later"."reported_id"
    AND ("kept"."created_at", "kept"."id") < ("later"."created_at", "later"."id"));--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reasons" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_pair_idx" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_id","reporter_id");--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reasons_check" CHECK (cardinality("reports"."reasons") > 0 and "reports"."reasons" <@ array['fake-profile', 'inappropriate-photos', 'harassment-or-hate', 'asking-for-money', 'under-18', 'married-and-hiding-it', 'other']::text[]);

ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "shield" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_automatic_idx" ON "reports" USING btree ("reported_id") WHERE "reports"."closed_at" is null and "reports"."reporter_id" is null;
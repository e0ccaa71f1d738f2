CREATE TABLE "public_reporters" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_reporters_language_check" CHECK ("public_reporters"."language" in ('fr', 'en'))
);
--> statement-breakpoint
DROP INDEX "reports_open_automatic_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "illegal_content" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "public_subject" text;--> statement-breakpoint
ALTER TABLE "public_reporters" ADD CONSTRAINT "public_reporters_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_automatic_idx" ON "reports" USING btree ("reported_id") WHERE "reports"."closed_at" is null and "reports"."reporter_id" is null and "reports"."illegal_content" is null;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_public_check" CHECK (("reports"."illegal_content" is null) = ("reports"."public_subject" is null) and ("reports"."illegal_content" is null or ("reports"."reporter_id" is null and "reports"."illegal_content" in ('minor', 'intimate-image', 'fraud', 'impersonation', 'hate-or-terrorism', 'other-illegal') and "reports"."public_subject" in ('profile', 'photo'))));
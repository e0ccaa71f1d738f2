CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_key" text,
	"size_bytes" bigint,
	"claimed_until" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_not_empty_check";--> statement-breakpoint
ALTER TABLE "media_deletions" ADD COLUMN "store" text DEFAULT 'media' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_member_idx" ON "data_exports" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_pending_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_not_empty_check" CHECK ("messages"."content" is not null or "messages"."image_key" is not null or "messages"."audio_key" is not null or "messages"."call_id" is not null or "messages"."media_removed");
CREATE TABLE "email_digests" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_created_idx" ON "likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_sent_idx" ON "messages" USING btree ("sent_at") WHERE "messages"."read_at" is null and "messages"."call_id" is null;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_language_check" CHECK ("notification_settings"."language" in ('fr', 'en'));
CREATE TABLE "messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text,
	"image_key" text,
	"audio_key" text,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_not_self_check" CHECK ("messages"."sender_id" <> "messages"."receiver_id"),
	CONSTRAINT "messages_not_empty_check" CHECK ("messages"."content" is not null or "messages"."image_key" is not null or "messages"."audio_key" is not null)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_members_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_uuid_idx" ON "messages" USING btree ("sender_id","uuid");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"),"seq");--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","seq");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","sender_id") WHERE "messages"."read_at" is null;
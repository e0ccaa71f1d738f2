CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller_id" uuid NOT NULL,
	"callee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "calls_not_self_check" CHECK ("calls"."caller_id" <> "calls"."callee_id"),
	CONSTRAINT "calls_type_check" CHECK ("calls"."type" in ('audio', 'video')),
	CONSTRAINT "calls_end_reason_check" CHECK ("calls"."end_reason" is null or "calls"."end_reason" in ('completed', 'cancelled', 'declined', 'missed', 'busy', 'disconnected', 'failed')),
	CONSTRAINT "calls_ended_check" CHECK (("calls"."ended_at" is null) = ("calls"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_not_empty_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_members_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_members_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_open_caller_idx" ON "calls" USING btree ("caller_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "calls_open_callee_idx" ON "calls" USING btree ("callee_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_call_idx" ON "messages" USING btree ("call_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_not_empty_check" CHECK ("messages"."content" is not null or "messages"."image_key" is not null or "messages"."audio_key" is not null or "messages"."call_id" is not null);
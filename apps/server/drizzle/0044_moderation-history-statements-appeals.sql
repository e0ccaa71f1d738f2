CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"text" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"outcome" text,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	CONSTRAINT "appeals_decision_id_unique" UNIQUE("decision_id"),
	CONSTRAINT "appeals_answer_check" CHECK (("appeals"."answered_at" is null) = ("appeals"."outcome" is null) and ("appeals"."answered_at" is null) = ("appeals"."answer" is null))
);
--> statement-breakpoint
CREATE TABLE "moderation_subjects" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_subjects_state_check" CHECK ("moderation_subjects"."state" in ('open', 'escalated', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "standing_passes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "moderation_actions" ALTER COLUMN "moderator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "moderation_actions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "fact" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "refers_to" uuid;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_subjects" ADD CONSTRAINT "moderation_subjects_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_passes" ADD CONSTRAINT "standing_passes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_pending_idx" ON "appeals" USING btree ("filed_at") WHERE "appeals"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "appeals_member_idx" ON "appeals" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "moderation_subjects_state_idx" ON "moderation_subjects" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "standing_passes_member_idx" ON "standing_passes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_refers_idx" ON "moderation_actions" USING btree ("refers_to") WHERE "moderation_actions"."refers_to" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'remove-photo', 'remove-voice-introduction', 'remove-prompt-answer', 'remove-compliment', 'warn', 'suspend', 'ban', 'verification-approved', 'verification-refused', 'reported', 'comment', 'escalate', 'reverse', 'appeal', 'appeal-upheld', 'appeal-rejected'));
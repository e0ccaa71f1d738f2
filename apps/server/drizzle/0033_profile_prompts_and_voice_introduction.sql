CREATE TABLE "prompt_answers" (
	"member_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_answers_member_id_prompt_pk" PRIMARY KEY("member_id","prompt"),
	CONSTRAINT "prompt_answers_prompt_check" CHECK ("prompt_answers"."prompt" in ('marriage-means', 'ideal-family-day', 'looking-for-in-spouse', 'faith-in-daily-life', 'family-role', 'home-i-hope-to-build', 'proud-of', 'weekend', 'parents-taught-me', 'friends-describe-me', 'learning-now', 'grateful-for', 'dua-for-future', 'ramadan-tradition', 'dream-trip', 'community-service', 'favourite-dish', 'five-years', 'kindness-means', 'resolve-disagreement', 'book-or-lecture', 'home-town')),
	CONSTRAINT "prompt_answers_position_check" CHECK ("prompt_answers"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "voice_introductions" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"media_key" text NOT NULL,
	"seconds" double precision NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_introductions_media_key_unique" UNIQUE("media_key")
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reasons_check";--> statement-breakpoint
ALTER TABLE "prompt_answers" ADD CONSTRAINT "prompt_answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_introductions" ADD CONSTRAINT "voice_introductions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'remove-photo', 'remove-voice-introduction', 'remove-prompt-answer', 'warn', 'suspend', 'ban', 'verification-approved', 'verification-refused'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reasons_check" CHECK (cardinality("reports"."reasons") > 0 and "reports"."reasons" <@ array['fake-profile', 'inappropriate-photos', 'inappropriate-voice-introduction', 'harassment-or-hate', 'asking-for-money', 'under-18', 'married-and-hiding-it', 'other']::text[]);
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"trigger" text DEFAULT 'member' NOT NULL,
	"pose" text NOT NULL,
	"pose_drawn_at" timestamp with time zone NOT NULL,
	"pose_expires_at" timestamp with time zone NOT NULL,
	"selfie_key" text,
	"phash" bigint,
	"submitted_at" timestamp with time zone,
	"status" text NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"duplicate_of" uuid,
	"duplicate_distance" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_requests_status_check" CHECK ("verification_requests"."status" in ('drawn', 'pending', 'approved', 'refused')),
	CONSTRAINT "verification_requests_selfie_check" CHECK ("verification_requests"."status" = 'drawn' or "verification_requests"."selfie_key" is not null)
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "verified_writers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "preferred_verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_duplicate_of_verification_requests_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."verification_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_open_idx" ON "verification_requests" USING btree ("member_id") WHERE "verification_requests"."status" in ('drawn', 'pending');--> statement-breakpoint
CREATE INDEX "verification_requests_member_idx" ON "verification_requests" USING btree ("member_id","pose_drawn_at");--> statement-breakpoint
CREATE INDEX "verification_requests_pending_idx" ON "verification_requests" USING btree ("submitted_at") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "members_position_answers_homme_verified_idx" ON "members" USING gist ("position","answers_box") WHERE "members"."gender" = 'homme' and "members"."age" is not null and "members"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "members_position_answers_femme_verified_idx" ON "members" USING gist ("position","answers_box") WHERE "members"."gender" = 'femme' and "members"."age" is not null and "members"."verified_at" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'remove-photo', 'warn', 'suspend', 'ban', 'verification-approved', 'verification-refused'));
CREATE TABLE "guardian_follows" (
	"member_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"followed" boolean NOT NULL,
	"notice_seq" bigint,
	"since" timestamp with time zone,
	CONSTRAINT "guardian_follows_member_id_other_id_pk" PRIMARY KEY("member_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"guardian_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_settings" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"follow_new" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guardian_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"digest" text DEFAULT 'weekly' NOT NULL,
	"digest_sent_at" timestamp with time zone,
	CONSTRAINT "guardians_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "guardians_digest_check" CHECK ("guardians"."digest" in ('daily', 'weekly', 'off')),
	CONSTRAINT "guardians_relation_check" CHECK ("guardians"."relation" in ('father', 'brother', 'uncle', 'mother', 'imam', 'friend', 'other')),
	CONSTRAINT "guardians_language_check" CHECK ("guardians"."language" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "wali_requests" (
	"asker_id" uuid NOT NULL,
	"asked_id" uuid NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "wali_requests_asker_id_asked_id_pk" PRIMARY KEY("asker_id","asked_id")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_not_empty_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "guardian_follows" ADD CONSTRAINT "guardian_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_follows" ADD CONSTRAINT "guardian_follows_other_id_members_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_settings" ADD CONSTRAINT "guardian_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_visits" ADD CONSTRAINT "guardian_visits_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wali_requests" ADD CONSTRAINT "wali_requests_asker_id_members_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wali_requests" ADD CONSTRAINT "wali_requests_asked_id_members_id_fk" FOREIGN KEY ("asked_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_follows_other_idx" ON "guardian_follows" USING btree ("other_id","member_id");--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_idx" ON "guardian_links" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "guardian_visits_guardian_idx" ON "guardian_visits" USING btree ("guardian_id","at");--> statement-breakpoint
CREATE INDEX "guardians_member_idx" ON "guardians" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "wali_requests_asked_idx" ON "wali_requests" USING btree ("asked_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_check" CHECK ("messages"."notice" in ('guardian-follows', 'wali-asked', 'wali-shared', 'wali-declined'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_not_empty_check" CHECK ("messages"."content" is not null or "messages"."image_key" is not null or "messages"."audio_key" is not null or "messages"."call_id" is not null or "messages"."media_removed" or "messages"."notice" is not null);
CREATE TABLE "family_opinions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"answer" text,
	"note" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "family_opinions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "family_opinions_answer_check" CHECK ("family_opinions"."answer" in ('favourable', 'questions', 'unfavourable'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_notice_check";--> statement-breakpoint
ALTER TABLE "guardian_settings" ADD COLUMN "shown_to_families" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "family_opinions" ADD CONSTRAINT "family_opinions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_opinions" ADD CONSTRAINT "family_opinions_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_opinions" ADD CONSTRAINT "family_opinions_other_id_members_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_opinions_member_idx" ON "family_opinions" USING btree ("member_id","other_id");--> statement-breakpoint
CREATE INDEX "family_opinions_other_idx" ON "family_opinions" USING btree ("other_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_check" CHECK ("messages"."notice" in ('guardian-follows', 'wali-asked', 'wali-shared', 'wali-declined', 'guardian-stopped', 'closed-kindly', 'shown-to-family'));
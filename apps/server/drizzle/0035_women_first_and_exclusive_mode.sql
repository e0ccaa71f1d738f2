CREATE TABLE "exclusive_proposals" (
	"proposer_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exclusive_proposals_proposer_id_receiver_id_pk" PRIMARY KEY("proposer_id","receiver_id"),
	CONSTRAINT "exclusive_proposals_not_self_check" CHECK ("exclusive_proposals"."proposer_id" <> "exclusive_proposals"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "match_nudges" (
	"low_id" uuid NOT NULL,
	"high_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_nudges_low_id_high_id_kind_pk" PRIMARY KEY("low_id","high_id","kind"),
	CONSTRAINT "match_nudges_order_check" CHECK ("match_nudges"."low_id" < "match_nudges"."high_id"),
	CONSTRAINT "match_nudges_kind_check" CHECK ("match_nudges"."kind" in ('first-word', 'silence'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_notice_check";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "women_write_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "exclusive_with" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "exclusive_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exclusive_proposals" ADD CONSTRAINT "exclusive_proposals_proposer_id_members_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusive_proposals" ADD CONSTRAINT "exclusive_proposals_receiver_id_members_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_nudges" ADD CONSTRAINT "match_nudges_low_id_members_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_nudges" ADD CONSTRAINT "match_nudges_high_id_members_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusive_proposals_receiver_idx" ON "exclusive_proposals" USING btree ("receiver_id","proposer_id");--> statement-breakpoint
CREATE INDEX "match_nudges_high_idx" ON "match_nudges" USING btree ("high_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_exclusive_with_members_id_fk" FOREIGN KEY ("exclusive_with") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_exclusive_with_key" ON "members" USING btree ("exclusive_with");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_women_write_first_check" CHECK (not "members"."women_write_first" or "members"."gender" = 'femme');--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_check" CHECK ("messages"."notice" in ('guardian-follows', 'wali-asked', 'wali-shared', 'wali-declined', 'guardian-stopped', 'closed-kindly'));
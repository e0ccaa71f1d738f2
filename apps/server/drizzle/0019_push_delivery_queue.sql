CREATE TABLE "conversation_views" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"about_id" uuid,
	"tag" text NOT NULL,
	"payload" text NOT NULL,
	"urgency" text NOT NULL,
	"ttl_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_views" ADD CONSTRAINT "conversation_views_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_views_member_idx" ON "conversation_views" USING btree ("member_id","other_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_queue_subscription_tag_key" ON "push_queue" USING btree ("subscription_id","tag");--> statement-breakpoint
CREATE INDEX "push_queue_member_due_idx" ON "push_queue" USING btree ("member_id","due_at");
ALTER TABLE "likes" ADD COLUMN "kind" text DEFAULT 'like' NOT NULL;--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "opened_at" timestamp with time zone;
CREATE TABLE "recorded_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listener" text NOT NULL,
	"name" text NOT NULL,
	"payload" json NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recorded_events_listener_idx" ON "recorded_events" USING btree ("listener","id");
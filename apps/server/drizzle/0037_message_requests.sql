CREATE TABLE "message_requests" (
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"expiry_told_at" timestamp with time zone,
	CONSTRAINT "message_requests_sender_id_receiver_id_pk" PRIMARY KEY("sender_id","receiver_id")
);
--> statement-breakpoint
ALTER TABLE "message_requests" ADD CONSTRAINT "message_requests_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_requests" ADD CONSTRAINT "message_requests_receiver_id_members_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_requests_expiry_idx" ON "message_requests" USING btree ("sent_at") WHERE "message_requests"."state" = 'pending' and "message_requests"."expiry_told_at" is null;--> statement-breakpoint
CREATE INDEX "message_requests_receiver_idx" ON "message_requests" USING btree ("receiver_id","sent_at");
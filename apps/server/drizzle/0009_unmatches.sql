CREATE TABLE "unmatches" (
	"member_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"unmatched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unmatches_member_id_other_id_pk" PRIMARY KEY("member_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "unmatches" ADD CONSTRAINT "unmatches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatches" ADD CONSTRAINT "unmatches_other_id_members_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatches_other_idx" ON "unmatches" USING btree ("other_id","member_id");
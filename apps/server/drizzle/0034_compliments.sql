CREATE TABLE "compliments" (
	"liker_id" uuid NOT NULL,
	"liked_id" uuid NOT NULL,
	"note" text NOT NULL,
	"shield" smallint DEFAULT 0 NOT NULL,
	"photo_id" uuid,
	"answer_key" text,
	"about_kind" text NOT NULL,
	CONSTRAINT "compliments_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id"),
	CONSTRAINT "compliments_note_check" CHECK (char_length("compliments"."note") between 1 and 200),
	CONSTRAINT "compliments_about_check" CHECK (("compliments"."about_kind" = 'photo' and "compliments"."answer_key" is null) or ("compliments"."about_kind" = 'answer' and "compliments"."photo_id" is null and "compliments"."answer_key" in ('bio', 'faithBranch', 'madhhab', 'community', 'prayer', 'hijab', 'beard', 'halal', 'revert', 'marriageTimeline', 'polygamy', 'childrenWanted', 'relocation', 'education', 'languages', 'profession', 'nationality', 'origin')))
);
--> statement-breakpoint
ALTER TABLE "compliments" ADD CONSTRAINT "compliments_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliments" ADD CONSTRAINT "compliments_like_fk" FOREIGN KEY ("liker_id","liked_id") REFERENCES "public"."likes"("liker_id","liked_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliments_photo_idx" ON "compliments" USING btree ("photo_id");
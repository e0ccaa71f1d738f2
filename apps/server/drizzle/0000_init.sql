CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"google_subject" text,
	"name" text NOT NULL,
	"age" integer,
	"gender" text,
	"marital_status" text,
	"has_children" text DEFAULT 'not specified' NOT NULL,
	"skin_tone" text,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"bio" text,
	"mutual_like" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_google_subject_unique" UNIQUE("google_subject"),
	CONSTRAINT "members_gender_check" CHECK ("members"."gender" in ('homme', 'femme')),
	CONSTRAINT "members_marital_status_check" CHECK ("members"."marital_status" in ('celibataire', 'marie', 'divorce')),
	CONSTRAINT "members_has_children_check" CHECK ("members"."has_children" in ('yes', 'no', 'not specified')),
	CONSTRAINT "members_skin_tone_check" CHECK ("members"."skin_tone" in ('clair', 'moyen', 'fonce')),
	CONSTRAINT "members_age_check" CHECK ("members"."age" >= 18),
	CONSTRAINT "members_coordinates_check" CHECK (("members"."latitude" is null) = ("members"."longitude" is null) and "members"."latitude" between -90 and 90 and "members"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"display_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_display_key_unique" UNIQUE("display_key"),
	CONSTRAINT "photos_thumbnail_key_unique" UNIQUE("thumbnail_key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_key" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "password_resets_member_idx" ON "password_resets" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "photos_member_position_idx" ON "photos" USING btree ("member_id","position");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");
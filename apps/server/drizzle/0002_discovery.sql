CREATE TABLE "likes" (
	"liker_id" uuid NOT NULL,
	"liked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id"),
	CONSTRAINT "likes_not_self_check" CHECK ("likes"."liker_id" <> "likes"."liked_id")
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"viewer_id" uuid NOT NULL,
	"viewed_id" uuid NOT NULL,
	"viewed_on" date NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_views_viewer_id_viewed_id_viewed_on_pk" PRIMARY KEY("viewer_id","viewed_id","viewed_on"),
	CONSTRAINT "profile_views_not_self_check" CHECK ("profile_views"."viewer_id" <> "profile_views"."viewed_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "activity_day" integer DEFAULT (floor(extract(epoch from now()) / 86400))::int NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "grid_latitude" double precision GENERATED ALWAYS AS (round(latitude * 10) / 10) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "grid_longitude" double precision GENERATED ALWAYS AS (round(longitude * 10) / 10) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "position" "cube" GENERATED ALWAYS AS (case when latitude is null or longitude is null then null else cube(array[
  cos(radians(round(latitude * 10) / 10)) * cos(radians(round(longitude * 10) / 10)),
  cos(radians(round(latitude * 10) / 10)) * sin(radians(round(longitude * 10) / 10)),
  sin(radians(round(latitude * 10) / 10)),
  1e-9 * ((30000 - activity_day) + (hashtext(id::text)::float8 / 4294967296.0 + 0.5))
]) end) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "likes_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "views_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "preferred_min_age" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "preferred_max_age" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "preferred_max_distance_km" integer;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_members_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_members_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_id_members_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewed_id_members_id_fk" FOREIGN KEY ("viewed_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_liked_created_idx" ON "likes" USING btree ("liked_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_views_viewed_at_idx" ON "profile_views" USING btree ("viewed_id","viewed_at");--> statement-breakpoint
CREATE INDEX "members_position_homme_idx" ON "members" USING gist ("position") WHERE "members"."gender" = 'homme' and "members"."age" is not null;--> statement-breakpoint
CREATE INDEX "members_position_femme_idx" ON "members" USING gist ("position") WHERE "members"."gender" = 'femme' and "members"."age" is not null;--> statement-breakpoint
CREATE INDEX "members_audience_age_idx" ON "members" USING btree ("gender","age") WHERE "members"."position" is not null;
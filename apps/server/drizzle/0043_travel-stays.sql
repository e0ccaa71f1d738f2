CREATE TABLE "member_stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"town" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"grid_latitude" double precision GENERATED ALWAYS AS (round(latitude * 10) / 10) STORED NOT NULL,
	"grid_longitude" double precision GENERATED ALWAYS AS (round(longitude * 10) / 10) STORED NOT NULL,
	"stay_position" "cube" GENERATED ALWAYS AS (case when latitude is null or longitude is null then null else cube(array[
  cos(radians(round(latitude * 10) / 10)) * cos(radians(round(longitude * 10) / 10)),
  cos(radians(round(latitude * 10) / 10)) * sin(radians(round(longitude * 10) / 10)),
  sin(radians(round(latitude * 10) / 10))
]) end) STORED NOT NULL,
	"stay_rank" double precision GENERATED ALWAYS AS (hashtext(id::text)::float8 / 4294967296.0 + 0.5) STORED NOT NULL,
	"arrives_on" date NOT NULL,
	"departs_on" date NOT NULL,
	"shown_from" date GENERATED ALWAYS AS (arrives_on - 14) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_stays_dates_check" CHECK ("member_stays"."departs_on" >= "member_stays"."arrives_on" and "member_stays"."departs_on" - "member_stays"."arrives_on" < 60)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "stays_until" date;--> statement-breakpoint
ALTER TABLE "member_stays" ADD CONSTRAINT "member_stays_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_stays_member_idx" ON "member_stays" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_stays_position_idx" ON "member_stays" USING gist ("stay_position","stay_rank","shown_from","departs_on");
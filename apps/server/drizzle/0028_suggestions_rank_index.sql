-- The suggestions index orders by the cell's distance, then the activity rank (ADR 052): the
-- rank's column needs btree_gist's float8 operator class and distance.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "members_position_answers_homme_idx";--> statement-breakpoint
DROP INDEX "members_position_answers_femme_idx";--> statement-breakpoint
DROP INDEX "members_position_answers_homme_verified_idx";--> statement-breakpoint
DROP INDEX "members_position_answers_femme_verified_idx";--> statement-breakpoint
-- Dropping the column drops this index too (its predicate reads it); it is made again below.
DROP INDEX "members_audience_age_idx";--> statement-breakpoint
ALTER TABLE "members" drop column "position";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "position" "cube" GENERATED ALWAYS AS (case when latitude is null or longitude is null then null else cube(array[
  cos(radians(round(latitude * 10) / 10)) * cos(radians(round(longitude * 10) / 10)),
  cos(radians(round(latitude * 10) / 10)) * sin(radians(round(longitude * 10) / 10)),
  sin(radians(round(latitude * 10) / 10))
]) end) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "activity_rank" double precision GENERATED ALWAYS AS ((30000 - activity_day) + (hashtext(id::text)::float8 / 4294967296.0 + 0.5)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "members_position_rank_answers_homme_idx" ON "members" USING gist ("position","activity_rank","answers_box") WHERE "members"."gender" = 'homme' and "members"."age" is not null;--> statement-breakpoint
CREATE INDEX "members_position_rank_answers_homme_verified_idx" ON "members" USING gist ("position","activity_rank","answers_box") WHERE "members"."gender" = 'homme' and "members"."age" is not null and "members"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "members_position_rank_answers_femme_idx" ON "members" USING gist ("position","activity_rank","answers_box") WHERE "members"."gender" = 'femme' and "members"."age" is not null;--> statement-breakpoint
CREATE INDEX "members_position_rank_answers_femme_verified_idx" ON "members" USING gist ("position","activity_rank","answers_box") WHERE "members"."gender" = 'femme' and "members"."age" is not null and "members"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "members_audience_age_idx" ON "members" USING btree ("gender","age") WHERE "members"."position" is not null;

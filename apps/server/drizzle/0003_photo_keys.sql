DROP INDEX "photos_member_position_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "photo_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Positions become 0..n-1 per member, without ties, before they are made unique (added by hand).
UPDATE "photos" SET "position" = ranked.rank - 1
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "member_id" ORDER BY "position", "created_at", "id") AS rank
  FROM "photos"
) AS ranked
WHERE "photos"."id" = ranked."id" AND "photos"."position" <> ranked.rank - 1;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_member_position_idx" ON "photos" USING btree ("member_id","position");--> statement-breakpoint
-- The copy of each member's photo keys starts from the photos already there (added by hand).
UPDATE "members" SET "photo_keys" = keyed.keys
FROM (
  SELECT "member_id", array_agg("display_key" ORDER BY "position") AS keys FROM "photos" GROUP BY "member_id"
) AS keyed
WHERE "members"."id" = keyed."member_id";

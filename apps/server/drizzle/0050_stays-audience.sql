DROP INDEX "member_stays_position_idx";--> statement-breakpoint
ALTER TABLE "member_stays" ADD COLUMN "stay_gender" text;--> statement-breakpoint
ALTER TABLE "member_stays" ADD COLUMN "stay_answers_box" "cube";--> statement-breakpoint
UPDATE "member_stays" s SET "stay_gender" = m."gender", "stay_answers_box" = m."answers_box" FROM "members" m WHERE m."id" = s."member_id";--> statement-breakpoint
ALTER TABLE "member_stays" ALTER COLUMN "stay_gender" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_stays" ALTER COLUMN "stay_answers_box" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "member_stays_position_homme_idx" ON "member_stays" USING gist ("stay_position","stay_rank","stay_answers_box","shown_from","departs_on") WHERE "member_stays"."stay_gender" = 'homme';--> statement-breakpoint
CREATE INDEX "member_stays_position_femme_idx" ON "member_stays" USING gist ("stay_position","stay_rank","stay_answers_box","shown_from","departs_on") WHERE "member_stays"."stay_gender" = 'femme';--> statement-breakpoint
DROP TRIGGER "member_stays_follow_activity" ON "members";--> statement-breakpoint
DROP FUNCTION "member_stays_follow_activity"();--> statement-breakpoint
-- A visitor's stays carry what the suggestions read of her row (ADR 082): her activity's rank,
-- her gender and her answers, kept whichever path changes them. Other members pay the one
-- comparison of `stays_until`.
CREATE FUNCTION "member_stays_follow_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_stays" SET "stay_rank" = NEW."activity_rank", "stay_gender" = NEW."gender",
    "stay_answers_box" = NEW."answers_box"
  WHERE "member_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_stays_follow_member" AFTER UPDATE ON "members"
  FOR EACH ROW WHEN (NEW."stays_until" IS NOT NULL AND (NEW."activity_rank" IS DISTINCT FROM OLD."activity_rank"
    OR NEW."gender" IS DISTINCT FROM OLD."gender" OR NEW."answers_box" IS DISTINCT FROM OLD."answers_box"))
  EXECUTE FUNCTION "member_stays_follow_member"();

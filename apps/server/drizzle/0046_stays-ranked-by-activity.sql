ALTER TABLE "member_stays" ALTER COLUMN "stay_rank" DROP EXPRESSION;--> statement-breakpoint
UPDATE "member_stays" s SET "stay_rank" = m."activity_rank" FROM "members" m WHERE m."id" = s."member_id";--> statement-breakpoint
-- A visitor keeps the place her activity gives her among the members of the town (ADR 082):
-- whichever path moves her activity day, her stays follow in the same statement.
CREATE FUNCTION "member_stays_follow_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_stays" SET "stay_rank" = NEW."activity_rank" WHERE "member_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_stays_follow_activity" AFTER UPDATE OF "activity_day" ON "members"
  FOR EACH ROW WHEN (NEW."stays_until" IS NOT NULL AND NEW."activity_day" IS DISTINCT FROM OLD."activity_day")
  EXECUTE FUNCTION "member_stays_follow_activity"();

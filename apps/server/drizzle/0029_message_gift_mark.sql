ALTER TABLE "messages" ADD COLUMN "gift_id" integer;--> statement-breakpoint
-- The gifts already given get the mark: a paid gift's message has its order's id for uuid and its
-- giver for sender (ADR 015; a deleted account's stand-in takes over both). A text a member typed
-- as `gift:N` has none of that and stays a text; so does a text sent under the order's id before
-- the payment was granted, which left that order undelivered.
UPDATE "messages" AS m SET "gift_id" = o."gift_id"
FROM "orders" AS o
WHERE o."id" = m."uuid"
  AND o."member_id" = m."sender_id"
  AND o."kind" = 'gift'
  AND o."status" = 'paid'
  AND NOT o."undelivered"
  AND m."content" = 'gift:' || o."gift_id"
  AND m."call_id" IS NULL
  AND m."notice" IS NULL
  AND m."image_key" IS NULL
  AND m."audio_key" IS NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_gift_check" CHECK ("messages"."gift_id" is null or ("messages"."content" = 'gift:' || "messages"."gift_id" and "messages"."call_id" is null and "messages"."notice" is null and "messages"."image_key" is null and "messages"."audio_key" is null));

ALTER TABLE "members" ADD COLUMN "religious_data_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "religious_data_consent_version" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_religious_data_consent_check" CHECK (("members"."religious_data_consent_at" is null) = ("members"."religious_data_consent_version" is null));
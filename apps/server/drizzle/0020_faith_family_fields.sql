ALTER TABLE "members" ADD COLUMN "faith_branch" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "madhhab" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "community" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "prayer" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "hijab" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "beard" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "halal" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "revert" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "revert_since" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marriage_timeline" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "polygamy" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "children_wanted" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "relocation" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "profession" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "faith_matches_only" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_faith_branch_check" CHECK ("faith_branch" in ('sunni', 'shia', 'other', 'just-muslim', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_madhhab_check" CHECK ("madhhab" in ('maliki', 'shafii', 'hanafi', 'hanbali', 'none-or-other', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_community_check" CHECK ("community" in ('tijaniyya', 'mouridiyya', 'qadiriyya', 'layene', 'none', 'other', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_prayer_check" CHECK ("prayer" in ('always', 'usually', 'sometimes', 'working-on-it', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_hijab_check" CHECK ("hijab" in ('always', 'sometimes', 'no', 'niqab', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_beard_check" CHECK ("beard" in ('yes', 'no', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_halal_check" CHECK ("halal" in ('yes', 'no', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_revert_check" CHECK ("revert" in ('yes', 'no', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_marriage_timeline_check" CHECK ("marriage_timeline" in ('within-6-months', 'within-1-year', 'within-2-years', 'not-sure', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_polygamy_check" CHECK ("polygamy" in ('yes', 'no', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_children_wanted_check" CHECK ("children_wanted" in ('yes', 'no', 'open', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_relocation_check" CHECK ("relocation" in ('no', 'within-country', 'abroad', 'diaspora-and-home', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_education_check" CHECK ("education" in ('primary', 'secondary', 'vocational', 'islamic', 'university', 'postgraduate', 'prefer-not-to-say'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_revert_since_check" CHECK ("members"."revert_since" is null or ("members"."revert_since" between 1900 and 2200 and "members"."revert" = 'yes'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_hijab_gender_check" CHECK ("members"."hijab" is null or "members"."gender" = 'femme');--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_beard_gender_check" CHECK ("members"."beard" is null or "members"."gender" = 'homme');--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_countries_check" CHECK ("members"."nationality" ~ '^([A-Z]{2}|prefer-not-to-say)$' and "members"."origin" ~ '^([A-Z]{2}|prefer-not-to-say)$');--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_languages_check" CHECK ("members"."languages" <@ array['fr', 'en', 'ar', 'wo', 'bm', 'dyu', 'ff', 'snk', 'ha', 'mos', 'other']::text[]);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_faith_matches_only_check" CHECK ("members"."faith_matches_only" <@ array['faithBranch', 'madhhab', 'community', 'prayer', 'hijab', 'beard', 'halal', 'revert']::text[]);
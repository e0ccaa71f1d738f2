import {
  APPEAL_OUTCOMES,
  CALL_END_REASONS,
  CALL_TYPES,
  CHOICE_FIELDS,
  type ChoiceField,
  COMPLIMENT_ANSWER_KEYS,
  COMPLIMENT_NOTE_MAX_LENGTH,
  DECISION_FACTS,
  type Dealbreakers,
  FAITH_FIELDS,
  FAMILY_OPINION_ANSWERS,
  GENDERS,
  GUARDIAN_DIGESTS,
  GUARDIAN_RELATIONS,
  GUIDELINE_RULES,
  HAS_CHILDREN_VALUES,
  ILLEGAL_CONTENT_KINDS,
  LIKE_KINDS,
  MARITAL_STATUSES,
  MEMBER_ROLES,
  MESSAGE_NOTICES,
  MESSAGE_REQUEST_STATES,
  PROFILE_PROMPTS,
  PROFILE_TEXTS,
  PROMPT_ANSWERS_MAX,
  PUBLIC_REPORT_SUBJECTS,
  RECORDED_MODERATION_ACTIONS,
  REPORT_REASONS,
  REQUEST_REPLIES,
  REVIEW_STATES,
  SKIN_TONES,
  SPOKEN_LANGUAGES,
  STAY_MAX_DAYS,
  STAY_SHOWN_DAYS_BEFORE,
  SUBSCRIPTION_PLANS,
  VERIFICATION_POSE_IDS,
  VERIFICATION_REFUSALS,
  VERIFICATION_TRIGGERS,
} from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  acceptedLanguagesSql,
  answerBitsSql,
  answersBoxSql,
  rejectedBitsSql,
} from './answer-bits.ts';

/** PostgreSQL's `cube` (extension): here a point in 4 dimensions, see `position` below. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * Positions are snapped to a 0.1 degree grid (about 11 km) before anything is computed from
 * them: another member never learns a position finer than that, by value or by distance.
 */
export const GRID_DEGREES = 0.1;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const snappedSql = (column: string) => `round(${column} * 10) / 10`;
const snapped = (column: string) => sql.raw(snappedSql(column));

/**
 * Far-future day number: `(ACTIVITY_EPOCH_DAY - activity_day)` grows with inactivity, so members
 * active more recently sort first among equally distant ones.
 */
const ACTIVITY_EPOCH_DAY = 30_000;

const lat = `radians(${snappedSql('latitude')})`;
const lon = `radians(${snappedSql('longitude')})`;
const positionExpression = `case when latitude is null or longitude is null then null else cube(array[
  cos(${lat}) * cos(${lon}),
  cos(${lat}) * sin(${lon}),
  sin(${lat})
]) end`;
const activityRankExpression = `(${ACTIVITY_EPOCH_DAY} - activity_day) + (hashtext(id::text)::float8 / 4294967296.0 + 0.5)`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * `deleted`: the stand-in of an account its owner deleted (ADR 019), made with a new id and no
 * personal data, which the messages, calls, payments and reports that outlive the account point to.
 */
/** The languages Mawadda writes to members in. */
export const MAIL_LANGUAGES = ['fr', 'en'] as const;

const MEMBER_STANDINGS = ['active', 'suspended', 'banned', 'deleted'] as const;

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lowercased; the unique index on lower(email) guards it anyway. */
    email: text('email').notNull(),
    /** Null for members who only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    name: text('name').notNull(),
    age: integer('age'),
    gender: text('gender', { enum: GENDERS }),
    maritalStatus: text('marital_status', { enum: MARITAL_STATUSES }),
    hasChildren: text('has_children', { enum: HAS_CHILDREN_VALUES })
      .notNull()
      .default('not specified'),
    skinTone: text('skin_tone', { enum: SKIN_TONES }),
    /**
     * The town as the offline index names it, its country in `countryCode` (ISO 3166-1 alpha-2):
     * each reader is shown the country in their own language (contract's `placeText`). Without a
     * code, a place typed before towns were read whose country was not recognised, kept as typed.
     */
    location: text('location'),
    countryCode: text('country_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    bio: text('bio'),
    mutualLike: boolean('mutual_like').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * The member's explicit consent to the processing of data that reveals their religion (GDPR
     * Art. 9(2)(a)): when it was given and the version of the privacy text it was given to. Null
     * until given; a member whose version is not the current `PRIVACY_VERSION` is asked again.
     */
    religiousDataConsentAt: timestamp('religious_data_consent_at', { withTimezone: true }),
    religiousDataConsentVersion: text('religious_data_consent_version'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** Day number (since 1970) of the last activity; moves the member in suggestion order. */
    activityDay: integer('activity_day')
      .notNull()
      .default(sql`(floor(extract(epoch from now()) / 86400))::int`),
    gridLatitude: doublePrecision('grid_latitude').generatedAlwaysAs(snapped('latitude')),
    gridLongitude: doublePrecision('grid_longitude').generatedAlwaysAs(snapped('longitude')),
    /**
     * The grid cell as a point on the unit sphere (x, y, z): `position <-> viewer` is the
     * straight-line distance between the two cells.
     */
    position: cube('position').generatedAlwaysAs(sql.raw(positionExpression)),
    /**
     * Days of inactivity plus a per-member fraction: the order within a cell, most recently active
     * first, and a strict one, so pages neither repeat nor skip anyone (ADR 052).
     */
    activityRank: doublePrecision('activity_rank')
      .notNull()
      .generatedAlwaysAs(sql.raw(activityRankExpression)),
    likesSeenAt: timestamp('likes_seen_at', { withTimezone: true }),
    viewsSeenAt: timestamp('views_seen_at', { withTimezone: true }),
    /** When the member last read their statements of reasons (ADR 084): newer ones are news. */
    statementsSeenAt: timestamp('statements_seen_at', { withTimezone: true }),
    preferredMinAge: integer('preferred_min_age'),
    preferredMaxAge: integer('preferred_max_age'),
    preferredMaxDistanceKm: integer('preferred_max_distance_km'),
    /**
     * Display keys of the member's photos in order: a copy of `photos` kept by the photo
     * repository in the same transaction as every photo change, so a page of suggestions reads
     * its photos from the members it already visits instead of a hundred index lookups.
     */
    photoKeys: text('photo_keys').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The member's choice: members they have not matched with get a blurred copy of each photo,
     * never the photo itself (ADR 019).
     */
    photosBlurred: boolean('photos_blurred').notNull().default(false),
    /** The plan last paid for and the end of the prepaid period (ADR 015); null: never. */
    subscriptionPlan: text('subscription_plan', { enum: SUBSCRIPTION_PLANS }),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    /** Moderators see the report queue and act on it (`npm run moderator -- add <e-mail>`). */
    role: text('role', { enum: MEMBER_ROLES }).notNull().default('member'),
    /**
     * Set by a moderator: a suspended (until `suspended_until`) or banned member cannot log in
     * and is shown to nobody. A suspension past its end is lifted at the member's next login.
     */
    standing: text('standing', { enum: MEMBER_STANDINGS }).notNull().default('active'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /**
     * When a moderator approved the member's verification selfie (ADR 044): null, not verified.
     * The "verified" badge reads it, and a new account not verified has lower limits
     * (`isNewAccount`, ADR 043).
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The member's choice (ADR 044): only verified members may write to them first. */
    verifiedWritersOnly: boolean('verified_writers_only').notNull().default(false),
    /** The member's filter (ADR 044): suggest verified members only. */
    preferredVerifiedOnly: boolean('preferred_verified_only').notNull().default(false),
    /** A woman's choice (ADR 069): after a match, only she writes first (`womanWritesFirst`). */
    womenWriteFirst: boolean('women_write_first').notNull().default(false),
    /**
     * The member this one is in exclusive mode with (ADR 070), set on both rows while it lasts:
     * neither is suggested (a column of the row the suggestions statement already reads) nor
     * receives new first messages (`inExclusiveMode`). Cleared with the other's account.
     */
    exclusiveWith: uuid('exclusive_with').references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    exclusiveSince: timestamp('exclusive_since', { withTimezone: true }),
    /**
     * The last departure of the member's announced stays (ADR 077), kept by the stays repository
     * with them: the suggestions statement looks for a stay only of a member whose stays are not
     * all over, so a member at home costs the walk a comparison, no probe.
     */
    staysUntil: date('stays_until', { mode: 'string' }),
    // Faith and family (ADR 041): each null until answered; `prefer-not-to-say` is an answer.
    faithBranch: text('faith_branch', { enum: CHOICE_FIELDS.faithBranch.values }),
    madhhab: text('madhhab', { enum: CHOICE_FIELDS.madhhab.values }),
    community: text('community', { enum: CHOICE_FIELDS.community.values }),
    prayer: text('prayer', { enum: CHOICE_FIELDS.prayer.values }),
    hijab: text('hijab', { enum: CHOICE_FIELDS.hijab.values }),
    beard: text('beard', { enum: CHOICE_FIELDS.beard.values }),
    halal: text('halal', { enum: CHOICE_FIELDS.halal.values }),
    revert: text('revert', { enum: CHOICE_FIELDS.revert.values }),
    revertSince: integer('revert_since'),
    marriageTimeline: text('marriage_timeline', { enum: CHOICE_FIELDS.marriageTimeline.values }),
    polygamy: text('polygamy', { enum: CHOICE_FIELDS.polygamy.values }),
    childrenWanted: text('children_wanted', { enum: CHOICE_FIELDS.childrenWanted.values }),
    relocation: text('relocation', { enum: CHOICE_FIELDS.relocation.values }),
    education: text('education', { enum: CHOICE_FIELDS.education.values }),
    languages: text('languages', { enum: SPOKEN_LANGUAGES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    profession: text('profession'),
    /** ISO 3166-1 alpha-2 codes, or `prefer-not-to-say`. */
    nationality: text('nationality'),
    origin: text('origin'),
    /** The faith fields the member shows to matches only (like `photos_blurred` for photos). */
    faithMatchesOnly: text('faith_matches_only', { enum: FAITH_FIELDS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The member's dealbreakers (ADR 042): for each field made one, the values accepted. */
    dealbreakers: jsonb('dealbreakers').$type<Dealbreakers>().notNull().default(sql`'{}'::jsonb`),
    // The answers and the dealbreakers as bits (db/answer-bits.ts): what the suggestions compare.
    faithBits: bigint('faith_bits', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(answerBitsSql('faith')),
    familyBits: bigint('family_bits', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(answerBitsSql('family')),
    faithRejects: bigint('faith_rejects', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(rejectedBitsSql('faith', sql.raw('dealbreakers'))),
    familyRejects: bigint('family_rejects', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(rejectedBitsSql('family', sql.raw('dealbreakers'))),
    acceptedLanguages: bigint('accepted_languages', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(acceptedLanguagesSql(sql.raw('dealbreakers'))),
    /** The age and answers as a point, beside `position` in the suggestions index (ADR 042). */
    answersBox: cube('answers_box').notNull().generatedAlwaysAs(answersBoxSql()),
  },
  (t) => [
    uniqueIndex('members_email_lower_key').on(sql`lower(${t.email})`),
    // One nearest-first index per audience: a member is suggested to the other gender only. Its
    // order is the cell's distance, then the activity rank: entries of one cell are split by
    // their rank, so a page of a crowded town reads a few pages of the index, not all of the
    // town's (ADR 052). The answers beside them let the walk skip, entry by entry, the members
    // outside a viewer's age range and dealbreakers without reading their rows (ADR 042).
    ...(['homme', 'femme'] as const).flatMap((gender) => [
      index(`members_position_rank_answers_${gender}_idx`)
        .using('gist', t.position, t.activityRank, t.answersBox)
        .where(sql`${t.gender} = ${sql.raw(`'${gender}'`)} and ${t.age} is not null`),
      // The same for the verified-only filter (ADR 044): walking the whole audience's index for
      // the few verified members of a region would read most of it; these hold only them.
      index(`members_position_rank_answers_${gender}_verified_idx`)
        .using('gist', t.position, t.activityRank, t.answersBox)
        .where(
          sql`${t.gender} = ${sql.raw(`'${gender}'`)} and ${t.age} is not null and ${t.verifiedAt} is not null`,
        ),
    ]),
    // Answers "does anyone match these ages at all" without walking the nearest-first index.
    index('members_audience_age_idx').on(t.gender, t.age).where(sql`${t.position} is not null`),
    check('members_gender_check', sql`${t.gender} in (${inList(GENDERS)})`),
    check(
      'members_women_write_first_check',
      sql`not ${t.womenWriteFirst} or ${t.gender} = 'femme'`,
    ),
    // One exclusive relationship at a time: at most one member points at another.
    uniqueIndex('members_exclusive_with_key').on(t.exclusiveWith),
    check('members_marital_status_check', sql`${t.maritalStatus} in (${inList(MARITAL_STATUSES)})`),
    check('members_has_children_check', sql`${t.hasChildren} in (${inList(HAS_CHILDREN_VALUES)})`),
    check('members_skin_tone_check', sql`${t.skinTone} in (${inList(SKIN_TONES)})`),
    check('members_age_check', sql`${t.age} >= 18`),
    ...(Object.entries(CHOICE_FIELDS) as [ChoiceField, { values: readonly string[] }][]).map(
      ([field, set]) =>
        check(
          `members_${snakeCase(field)}_check`,
          sql`${sql.identifier(snakeCase(field))} in (${inList(set.values)})`,
        ),
    ),
    check(
      'members_revert_since_check',
      sql`${t.revertSince} is null or (${t.revertSince} between 1900 and 2200 and ${t.revert} = 'yes')`,
    ),
    check('members_hijab_gender_check', sql`${t.hijab} is null or ${t.gender} = 'femme'`),
    check('members_beard_gender_check', sql`${t.beard} is null or ${t.gender} = 'homme'`),
    check(
      'members_countries_check',
      sql`${t.nationality} ~ '^([A-Z]{2}|prefer-not-to-say)$' and ${t.origin} ~ '^([A-Z]{2}|prefer-not-to-say)$'`,
    ),
    check(
      'members_languages_check',
      sql`${t.languages} <@ array[${inList(SPOKEN_LANGUAGES)}]::text[]`,
    ),
    check(
      'members_faith_matches_only_check',
      sql`${t.faithMatchesOnly} <@ array[${inList(FAITH_FIELDS)}]::text[]`,
    ),
    check('members_dealbreakers_check', sql`jsonb_typeof(${t.dealbreakers}) = 'object'`),
    check(
      'members_religious_data_consent_check',
      sql`(${t.religiousDataConsentAt} is null) = (${t.religiousDataConsentVersion} is null)`,
    ),
    check(
      'members_coordinates_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    displayKey: text('display_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  // A member's photos are numbered 0..n-1: one order, the one `members.photo_keys` copies.
  (t) => [uniqueIndex('photos_member_position_idx').on(t.memberId, t.position)],
);

/**
 * A member's answers to profile prompts (ADR 072): at most three, a prompt once (the key), in the
 * member's order. Their own table, not columns of `members`: the suggestions walk reads member
 * rows by the million and never these (ADR 049); a member's page reads them by its key.
 */
export const promptAnswers = pgTable(
  'prompt_answers',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    prompt: text('prompt', { enum: PROFILE_PROMPTS }).notNull(),
    answer: text('answer').notNull(),
    position: smallint('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.prompt] }),
    check('prompt_answers_prompt_check', sql`${t.prompt} in (${inList(PROFILE_PROMPTS)})`),
    check(
      'prompt_answers_position_check',
      sql`${t.position} between 0 and ${sql.raw(String(PROMPT_ANSWERS_MAX - 1))}`,
    ),
  ],
);

/**
 * A member's voice introduction (ADR 072): one file of the private media store, checked as a
 * voice note is (ADR 046, 048); a new one replaces it, its file queued for deletion.
 */
export const voiceIntroductions = pgTable('voice_introductions', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  mediaKey: text('media_key').notNull().unique(),
  seconds: doublePrecision('seconds').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When the holder proved a second factor (a passkey, a TOTP or recovery code) in this
     * session: the moderators' routes ask for it. Null for a password-only session.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /**
     * The device it was opened on, as its member is shown it (ADR 075): the browser and the
     * system named by the sign-in's User-Agent, and the country (ISO 3166-1 alpha-2) the proxy
     * in front placed the address in. The address itself is never stored.
     */
    browser: text('browser'),
    os: text('os'),
    country: text('country'),
    /** When its holder last used it, at the members' activity resolution (a minute). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/** A member's WebAuthn credentials (passkeys): several per member, each named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The credential's id as the authenticator gave it, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The signature counter last seen; 0 for authenticators that do not count. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** `singleDevice` or `multiDevice` (synced), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_member_idx').on(t.memberId)],
);

/**
 * WebAuthn options not answered yet (ADR 073): each challenge is taken once (deleted as it is
 * checked) and only until it expires; sign-in ones name no member (usernameless) or the one the
 * username named, registration and step-up ones the session's member.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** The challenge as the options carry it, base64url. */
    challenge: text('challenge').primaryKey(),
    /** `sign-in`, `registration` or `confirm`. */
    purpose: text('purpose').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_member_idx').on(t.memberId)],
);

/**
 * A member's authenticator app (TOTP, ADR 074): one per member. The secret is sealed with the
 * server's TOTP key (AES-256-GCM) and never answered after the set-up; `confirmedAt` is null
 * until a first code proves the app holds it. `lastStep` is the last 30-second step a code was
 * accepted for: a code is taken once, and never one of an earlier step.
 */
export const totpFactors = pgTable('totp_factors', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

/** The recovery codes of a member's TOTP (ADR 074): SHA-256 of each, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_member_code_idx').on(t.memberId, t.codeHash)],
);

export type MemberRow = typeof members.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;

export const likes = pgTable(
  'likes',
  {
    likerId: uuid('liker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    likedId: uuid('liked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** A like or a Lovely, as it was first sent: the pair has one like, whichever button. */
    kind: text('kind', { enum: LIKE_KINDS }).notNull().default('like'),
    createdAt: createdAt(),
    /** When the liked member opened it from their list, which it then leaves (docs/spec.md §4). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liked_created_idx').on(t.likedId, t.createdAt),
    // The e-mail digest's scan: the matches made in the last days.
    index('likes_created_idx').on(t.createdAt),
    check('likes_not_self_check', sql`${t.likerId} <> ${t.likedId}`),
  ],
);

/**
 * The note a like came with (ADR 071), one per like: about one photo of the liked member or one
 * of their answers. It goes with its like (an unmatch keeps likes; a deletion takes them).
 */
export const compliments = pgTable(
  'compliments',
  {
    likerId: uuid('liker_id').notNull(),
    likedId: uuid('liked_id').notNull(),
    note: text('note').notNull(),
    /** What the scam shield found in the note, as bits, told to the receiver only (ADR 043). */
    shield: smallint('shield').notNull().default(0),
    /** A photo of the liked member: null once they removed it (the note stays). */
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** Or one of their answers, by the contract's key. */
    answerKey: text('answer_key', { enum: COMPLIMENT_ANSWER_KEYS }),
    /**
     * Or their answer to a profile prompt, by the prompt's key (ADR 072): no foreign key, so the
     * note stays when the answer is edited or removed; the answer is read as it is now.
     */
    prompt: text('prompt', { enum: PROFILE_PROMPTS }),
    /** Which of the three it was about, kept when the photo or the answer goes. */
    aboutKind: text('about_kind', { enum: ['photo', 'answer', 'prompt'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    foreignKey({
      columns: [t.likerId, t.likedId],
      foreignColumns: [likes.likerId, likes.likedId],
      name: 'compliments_like_fk',
    }).onDelete('cascade'),
    // A photo removed sets its compliments' photo to null: found by this index, not a scan.
    index('compliments_photo_idx').on(t.photoId),
    check(
      'compliments_note_check',
      sql`char_length(${t.note}) between 1 and ${sql.raw(String(COMPLIMENT_NOTE_MAX_LENGTH))}`,
    ),
    check(
      'compliments_about_check',
      sql`(${t.aboutKind} = 'photo' and ${t.answerKey} is null and ${t.prompt} is null) or (${t.aboutKind} = 'answer' and ${t.photoId} is null and ${t.prompt} is null and ${t.answerKey} in (${inList(COMPLIMENT_ANSWER_KEYS)})) or (${t.aboutKind} = 'prompt' and ${t.photoId} is null and ${t.answerKey} is null and ${t.prompt} in (${inList(PROFILE_PROMPTS)}))`,
    ),
  ],
);

/** One row per viewer, viewed member and day: a profile opened ten times a day counts once. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    viewedId: uuid('viewed_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    viewedOn: date('viewed_on').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.viewedId, t.viewedOn] }),
    index('profile_views_viewed_at_idx').on(t.viewedId, t.viewedAt),
    check('profile_views_not_self_check', sql`${t.viewerId} <> ${t.viewedId}`),
  ],
);

/**
 * A member's block of another (ADR 017): from then on, both ways, neither is shown to, reaches
 * or hears of the other (`blockedBetween`). The blocked member is not told.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A first message from a member the receiver has not matched with (ADR 068): it waits in her
 * Requests list until she accepts it (`accepted`, by the button or by writing back, in the
 * statement that stores her message) or declines it (`declined`, with the kind reply she chose);
 * a `pending` one older than `MESSAGE_REQUEST_DAYS` has expired. Declined or expired, it closes
 * the pair until they match. One per sender and receiver: his second message finds it.
 */
export const messageRequests = pgTable(
  'message_requests',
  {
    senderId: uuid('sender_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    state: text('state', { enum: MESSAGE_REQUEST_STATES }).notNull().default('pending'),
    reply: text('reply', { enum: REQUEST_REPLIES }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When its sender was told it expired unanswered: once. */
    expiryToldAt: timestamp('expiry_told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.receiverId] }),
    // The expiries to tell: the pending requests whose sender was not told, oldest first.
    index('message_requests_expiry_idx')
      .on(t.sentAt)
      .where(sql`${t.state} = 'pending' and ${t.expiryToldAt} is null`),
    // Her Requests list and her badge (the pending ones she received, newest first), her export
    // and the cascade of her account's deletion (all of them).
    index('message_requests_receiver_idx').on(t.receiverId, t.sentAt),
  ],
);

/**
 * A member ended a match (ADR 017): their like of the other is gone, and neither may write to,
 * call or send a gift to the other until they match again (`unmatchedBetween`).
 */
export const unmatches = pgTable(
  'unmatches',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    unmatchedAt: timestamp('unmatched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.otherId] }),
    index('unmatches_other_idx').on(t.otherId, t.memberId),
  ],
);

/**
 * A member's proposal of exclusive mode to a match (ADR 070), until the other accepts it (both
 * rows of `members` then point at each other), declines it or it is withdrawn.
 */
export const exclusiveProposals = pgTable(
  'exclusive_proposals',
  {
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.proposerId, t.receiverId] }),
    index('exclusive_proposals_receiver_idx').on(t.receiverId, t.proposerId),
    check('exclusive_proposals_not_self_check', sql`${t.proposerId} <> ${t.receiverId}`),
  ],
);

export const MATCH_NUDGES = ['first-word', 'silence'] as const;

/**
 * The reminders sent to a match (ADR 069, 070), the pair in a fixed order (`low_id` <
 * `high_id`): `first-word`, to her, 72 hours into a women-first match she has not written in;
 * `silence`, to both, after 5 days without a message. `about_at` is the moment the reminder is
 * about (the match, or the last message): a reminder is sent once per such moment, and the
 * statement that records it decides which node sends it.
 */
export const matchNudges = pgTable(
  'match_nudges',
  {
    lowId: uuid('low_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    highId: uuid('high_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MATCH_NUDGES }).notNull(),
    aboutAt: timestamp('about_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lowId, t.highId, t.kind] }),
    index('match_nudges_high_idx').on(t.highId),
    check('match_nudges_order_check', sql`${t.lowId} < ${t.highId}`),
    check('match_nudges_kind_check', sql`${t.kind} in (${inList(MATCH_NUDGES)})`),
  ],
);

/**
 * Media files to delete, written in the transaction that stops referring to them (a removed
 * photo): the files go after the commit, and a crash or a failing disk only delays them.
 */
export const MEDIA_STORES = ['media', 'private-media', 'exports'] as const;

export const mediaDeletions = pgTable('media_deletions', {
  key: text('key').primaryKey(),
  /** Which folder the key is in: public photos, chat media, or data exports. */
  store: text('store', { enum: MEDIA_STORES }).notNull().default('media'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Voice and video calls, one row per call offered: open (`ended_at` null) while it rings or runs.
 * A call never answered has no `answered_at`; its `end_reason` says why it ended.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    calleeId: uuid('callee_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CALL_TYPES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: CALL_END_REASONS }),
  },
  (t) => [
    index('calls_open_caller_idx').on(t.callerId).where(sql`${t.endedAt} is null`),
    index('calls_open_callee_idx').on(t.calleeId).where(sql`${t.endedAt} is null`),
    check('calls_not_self_check', sql`${t.callerId} <> ${t.calleeId}`),
    check('calls_type_check', sql`${t.type} in (${inList(CALL_TYPES)})`),
    check(
      'calls_end_reason_check',
      sql`${t.endReason} is null or ${t.endReason} in (${inList(CALL_END_REASONS)})`,
    ),
    check('calls_ended_check', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  ],
);

/**
 * Chat messages. `seq` orders them (strictly, unlike a timestamp) and is the paging cursor's
 * key; the client-made `uuid` is unique per sender, so a retried send is stored once. Media are
 * keys in the private media store, served only through signed links to the two members.
 */
export const messages = pgTable(
  'messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    content: text('content'),
    imageKey: text('image_key'),
    audioKey: text('audio_key'),
    /**
     * The stored size of the photo or voice note, so data saver can say what a tap costs
     * (ADR 048); null for messages without one and for those sent before it was kept.
     */
    mediaBytes: integer('media_bytes'),
    /** A call entry: made, from the caller to the callee, when the call ends. */
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'cascade' }),
    /** The photo or voice note was erased with its sender's account; the message shows it gone. */
    mediaRemoved: boolean('media_removed').notNull().default(false),
    /**
     * The scam shield's rules the text set off (ADR 043), one bit each in `SHIELD_RULES` order
     * (`core/scam-rules.ts`); 0 for none. Told to the receiver only, never to the sender.
     */
    shield: smallint('shield').notNull().default(0),
    /**
     * A line of the server's, not the sender's words (ADR 045): the sender's guardian follows the
     * conversation from here on. Not writing: it opens nothing under the rule of who may write.
     */
    notice: text('notice', { enum: MESSAGE_NOTICES }),
    /**
     * The server's mark of a paid gift: its number in the catalogue, written only with the gift's
     * message in the transaction that grants its payment (ADR 015), whose `content` is then
     * `gift:{number}` too. Null on every member's message, whatever its text says: a text that
     * reads `gift:4` is a text.
     */
    giftId: integer('gift_id'),
    /**
     * The moderator's `hide-messages` decision that hid it from its receiver (ADR 083); null while
     * shown. Its reversal shows it again. Its sender still reads it, and it stays in their export.
     */
    hiddenBy: uuid('hidden_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_uuid_idx').on(t.senderId, t.uuid),
    uniqueIndex('messages_call_idx').on(t.callId),
    // One conversation whichever side wrote: the pair in a fixed order, then the order of writing.
    index('messages_conversation_idx').on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.seq,
    ),
    index('messages_receiver_idx').on(t.receiverId, t.seq),
    // The message that holds a photo or voice note: its link is checked against it on every
    // request (private-media.routes.ts). Text messages, most of them, stay out of it.
    index('messages_media_idx')
      .on(sql`coalesce(${t.imageKey}, ${t.audioKey})`)
      .where(sql`coalesce(${t.imageKey}, ${t.audioKey}) is not null`),
    index('messages_unread_idx').on(t.receiverId, t.senderId).where(sql`${t.readAt} is null`),
    // A reversal finds what its decision hid (ADR 083); almost every message stays out of it.
    index('messages_hidden_by_idx').on(t.hiddenBy).where(sql`${t.hiddenBy} is not null`),
    // The e-mail digest's scan: unread messages of the last days, not every unread one ever.
    index('messages_unread_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.readAt} is null and ${t.callId} is null`),
    check('messages_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
    check('messages_notice_check', sql`${t.notice} in (${inList(MESSAGE_NOTICES)})`),
    check(
      'messages_gift_check',
      sql`${t.giftId} is null or (${t.content} = 'gift:' || ${t.giftId} and ${t.callId} is null and ${t.notice} is null and ${t.imageKey} is null and ${t.audioKey} is null)`,
    ),
    check(
      'messages_not_empty_check',
      sql`${t.content} is not null or ${t.imageKey} is not null or ${t.audioKey} is not null or ${t.callId} is not null or ${t.mediaRemoved} or ${t.notice} is not null`,
    ),
  ],
);

const ORDER_KINDS = ['gift', 'subscription'] as const;
export const CURRENCIES = ['usd', 'xof'] as const;
const PAYMENT_PROVIDERS = ['local', 'stripe', 'paydunya'] as const;
const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'failed'] as const;

/**
 * What a member pays for, recorded before they are sent to pay: a gift to a member or a plan.
 * It is granted once, when `status` turns from pending to paid in the transaction of its effect
 * (ADR 015); `provider_ref` is the provider's id of the checkout.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    giftId: integer('gift_id'),
    receiverId: uuid('receiver_id').references(() => members.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /**
     * A paid gift that could not be delivered when it was granted (the receiver blocked the
     * giver, ended their match or left): the payment is owed back to the giver (ADR 026).
     */
    undelivered: boolean('undelivered').notNull().default(false),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
    index('orders_member_idx').on(t.memberId, t.createdAt),
    check('orders_amount_check', sql`${t.amount} > 0`),
    check(
      'orders_kind_check',
      sql`(${t.kind} = 'gift' and ${t.giftId} is not null and ${t.plan} is null)
        or (${t.kind} = 'subscription' and ${t.plan} is not null and ${t.giftId} is null)`,
    ),
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
  ],
);

/**
 * The built-in test checkout's own records (`PAYMENT_PROVIDER=local`): what a real provider keeps
 * on its side, so the local provider is looked up exactly as Stripe or PayDunya are.
 */
export const localCheckouts = pgTable('local_checkouts', {
  reference: text('reference').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
});

/**
 * A member's report of another (ADR 018), with the messages of their conversation it points at;
 * open until a moderator acts on it. A reporter has at most one open report per member: reporting
 * again adds to it, so the queue shows one report per reporter, and the unique index
 * holds against two reports sent at once.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: filed by the server itself, the scam shield's escalation (ADR 043). */
    reporterId: uuid('reporter_id').references(() => members.id, { onDelete: 'cascade' }),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Every reason the reporter gave, in the order given. */
    reasons: text('reasons', { enum: REPORT_REASONS }).array().notNull(),
    /** The reporter's notes, oldest first, a blank line apart. */
    note: text('note'),
    /** `seq` of the reported member's messages to the reporter, checked when the report is made. */
    messageSeqs: bigint('message_seqs', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    /**
     * Anyone's report of illegal content through the public page (ADR 079), with no reporter:
     * the kind of illegality, and whether it names the profile or one of its photos. The
     * reporter's address for the answer is in `public_reporters`.
     */
    illegalContent: text('illegal_content', { enum: ILLEGAL_CONTENT_KINDS }),
    publicSubject: text('public_subject', { enum: PUBLIC_REPORT_SUBJECTS }),
    createdAt: createdAt(),
    /** When the reporter last added to it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_open_idx').on(t.createdAt).where(sql`${t.closedAt} is null`),
    // The queue's `closed` filter, last closed first (ADR 080).
    index('reports_closed_idx').on(t.closedAt).where(sql`${t.closedAt} is not null`),
    uniqueIndex('reports_open_pair_idx')
      .on(t.reporterId, t.reportedId)
      .where(sql`${t.closedAt} is null`),
    // One open report of the scam shield per member: its later evidence joins it.
    uniqueIndex('reports_open_automatic_idx')
      .on(t.reportedId)
      .where(
        sql`${t.closedAt} is null and ${t.reporterId} is null and ${t.illegalContent} is null`,
      ),
    index('reports_reported_idx').on(t.reportedId, t.reporterId),
    check('reports_not_self_check', sql`${t.reporterId} <> ${t.reportedId}`),
    check(
      'reports_public_check',
      sql`(${t.illegalContent} is null) = (${t.publicSubject} is null) and (${t.illegalContent} is null or (${t.reporterId} is null and ${t.illegalContent} in (${inList(ILLEGAL_CONTENT_KINDS)}) and ${t.publicSubject} in (${inList(PUBLIC_REPORT_SUBJECTS)})))`,
    ),
    check(
      'reports_reasons_check',
      sql`cardinality(${t.reasons}) > 0 and ${t.reasons} <@ array[${inList(REPORT_REASONS)}]::text[]`,
    ),
  ],
);

/**
 * Who filed a public report (ADR 079), for its answers only: their address, the name they gave
 * and the language of the page. Personal data of someone with no account: the row goes once the
 * outcome is mailed, and with the report.
 */
export const publicReporters = pgTable(
  'public_reporters',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    language: text('language', { enum: MAIL_LANGUAGES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('public_reporters_language_check', sql`${t.language} in (${inList(MAIL_LANGUAGES)})`),
  ],
);

/**
 * What moderators did, who, when and why: appended, never changed (a trigger refuses updates
 * and deletes). Member ids are kept as they were, without foreign keys, so the record outlives
 * the accounts.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The moderator; null for what no moderator did (ADR 076): a report filed (`report_id` says
     * by whom), the member's own appeal.
     */
    moderatorId: uuid('moderator_id'),
    /** The order events were appended in: several share an instant (an appeal upheld, reversed). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    memberId: uuid('member_id').notNull(),
    reportId: uuid('report_id'),
    action: text('action', { enum: RECORDED_MODERATION_ACTIONS }).notNull(),
    /** The moderator's words (the member reads a decision's), a report's reason, a comment. */
    reason: text('reason').notNull(),
    /** A restriction's statement of reasons: the guideline rule and the chosen fact (ADR 076). */
    rule: text('rule', { enum: GUIDELINE_RULES }),
    fact: text('fact', { enum: DECISION_FACTS }),
    /** The decision a reversal, an appeal or an appeal's answer is about. */
    refersTo: uuid('refers_to'),
    photoKey: text('photo_key'),
    /** The texts a `remove-profile-text` took (ADR 083), by field, never their words. */
    profileTexts: text('profile_texts', { enum: PROFILE_TEXTS }).array(),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_member_idx').on(t.memberId, t.createdAt),
    index('moderation_actions_refers_idx').on(t.refersTo).where(sql`${t.refersTo} is not null`),
    // The median time to a first decision (ADR 080): a week's decisions, then their reports'
    // events.
    index('moderation_actions_created_idx').on(t.createdAt),
    index('moderation_actions_report_idx').on(t.reportId).where(sql`${t.reportId} is not null`),
    check(
      'moderation_actions_action_check',
      sql`${t.action} in (${inList(RECORDED_MODERATION_ACTIONS)})`,
    ),
  ],
);

/**
 * A member as a subject of moderation (ADR 076): the review state (open, escalated, closed)
 * and who is looking at it. What happened is in `moderation_actions`; this row is only where
 * the review stands now.
 */
export const moderationSubjects = pgTable(
  'moderation_subjects',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('open'),
    /** A senior moderator an escalation was assigned to, kept without a foreign key. */
    assigneeId: uuid('assignee_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_subjects_state_idx').on(t.state, t.updatedAt),
    check('moderation_subjects_state_check', sql`${t.state} in (${inList(REVIEW_STATES)})`),
  ],
);

/**
 * A member's appeal of a decision about them (ADR 076, DSA Art. 20): one per decision, answered
 * with reasons by a moderator other than the one who decided. Its filing and its answer are
 * also events in `moderation_actions`.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The `moderation_actions` row appealed. */
    decisionId: uuid('decision_id').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: APPEAL_OUTCOMES }),
    answer: text('answer'),
    answeredBy: uuid('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('appeals_pending_idx').on(t.filedAt).where(sql`${t.answeredAt} is null`),
    index('appeals_member_idx').on(t.memberId),
    check(
      'appeals_answer_check',
      sql`(${t.answeredAt} is null) = (${t.outcome} is null) and (${t.answeredAt} is null) = (${t.answer} is null)`,
    ),
  ],
);

/**
 * What a suspended or banned member's sign-in answers instead of a session (ADR 076): a pass,
 * stored hashed, that opens only their standing, statements and appeals, for an hour.
 */
export const standingPasses = pgTable(
  'standing_passes',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('standing_passes_member_idx').on(t.memberId)],
);

const VERIFICATION_REQUEST_STATUSES = ['drawn', 'pending', 'approved', 'refused'] as const;

/**
 * A member's verification (ADR 044): `drawn` when the server drew a pose (valid until
 * `pose_expires_at`), `pending` once the selfie came (or when the app asked a moderator to check
 * again: a new main photo, a fake-profile report), then `approved` or `refused` by a moderator.
 * A member has at most one `drawn` or `pending` row. The selfie is a private file (never served
 * but to moderators); `phash` is its 64-bit dHash, compared with other accounts' selfies.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: VERIFICATION_TRIGGERS }).notNull().default('member'),
    pose: text('pose', { enum: VERIFICATION_POSE_IDS }).notNull(),
    poseDrawnAt: timestamp('pose_drawn_at', { withTimezone: true }).notNull(),
    poseExpiresAt: timestamp('pose_expires_at', { withTimezone: true }).notNull(),
    /** In the private media store; a re-check points at the selfie of the approval it checks. */
    selfieKey: text('selfie_key'),
    phash: bigint('phash', { mode: 'bigint' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    status: text('status', { enum: VERIFICATION_REQUEST_STATUSES }).notNull(),
    reason: text('reason', { enum: VERIFICATION_REFUSALS }),
    /** The moderator, kept without a foreign key like the moderation record. */
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Another account's request whose selfie is near this one's, when it came. */
    duplicateOf: uuid('duplicate_of').references((): AnyPgColumn => verificationRequests.id, {
      onDelete: 'set null',
    }),
    duplicateDistance: integer('duplicate_distance'),
    /** The database's time of the row, not the app clock's: orders a member's requests. */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verification_requests_open_idx')
      .on(t.memberId)
      .where(sql`${t.status} in ('drawn', 'pending')`),
    index('verification_requests_member_idx').on(t.memberId, t.poseDrawnAt),
    index('verification_requests_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'verification_requests_status_check',
      sql`${t.status} in (${inList(VERIFICATION_REQUEST_STATUSES)})`,
    ),
    check(
      'verification_requests_selfie_check',
      sql`${t.status} = 'drawn' or ${t.selfieKey} is not null`,
    ),
  ],
);

const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * A member's request for a copy of their data (ADR 020): a ZIP made in the background, offered
 * until `expires_at`, then deleted with its file. A pending one is taken by one node at a time
 * (`claimed_until`), so a crash leaves it to be taken again, at start or at the next sweep.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('pending'),
    /** The ZIP in the exports folder, once made. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_member_idx').on(t.memberId, t.requestedAt),
    index('data_exports_pending_idx').on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    check('data_exports_status_check', sql`${t.status} in (${inList(EXPORT_STATUSES)})`),
  ],
);

/**
 * A browser's Web Push subscription (ADR 036): where the push service takes messages
 * for one device, and the keys to encrypt them (RFC 8291). One row per endpoint (subscribing it
 * again updates it, for whichever member did so last); tied to the session that made it, so it
 * goes with that session's logout, and with the member.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The subscription's P-256 public key and auth secret, base64url as the browser gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** When the push service ends it, if it said. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The device's language (its subscribe request's `Accept-Language`): pushes are written in it. */
    language: text('language', { enum: MAIL_LANGUAGES }).notNull().default('fr'),
    createdAt: createdAt(),
    /** The last time the browser sent it: the member's oldest beyond the cap is dropped first. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('push_subscriptions_member_idx').on(t.memberId, t.subscribedAt),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * A member's notification settings (ADR 036), once they changed one: a member without a row has
 * the contract's defaults. Quiet hours are minutes after midnight in `time_zone`, both or neither.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    messages: boolean('messages').notNull(),
    matches: boolean('matches').notNull(),
    likes: boolean('likes').notNull(),
    calls: boolean('calls').notNull(),
    gifts: boolean('gifts').notNull(),
    showMessageText: boolean('show_message_text').notNull(),
    quietStart: integer('quiet_start'),
    quietEnd: integer('quiet_end'),
    timeZone: text('time_zone').notNull(),
    emailDigest: boolean('email_digest').notNull(),
    /**
     * The language the member last used the app in (the `Accept-Language` of their settings or
     * of a device's subscription): what is written to them while they are away is in it.
     */
    language: text('language', { enum: MAIL_LANGUAGES }).notNull().default('fr'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'notification_settings_quiet_hours_check',
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and ${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439`,
    ),
    check(
      'notification_settings_language_check',
      sql`${t.language} in (${inList(MAIL_LANGUAGES)})`,
    ),
  ],
);

/**
 * The last e-mail digest sent to a member (ADR 038): one row each, claimed by the
 * statement that picks who gets one, so two nodes or a restart never send a member two a day.
 */
export const emailDigests = pgTable('email_digests', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * Pushes waiting to be sent (ADR 037): one row per device and tag, so a second message
 * of a conversation replaces the first still waiting (`version` tells the sender it changed while
 * in flight). Claimed with `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), so no two nodes
 * send the same row; `due_at` holds retries back. Goes with its subscription.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The member told: the per-member cap and fair claiming count by it. */
    memberId: uuid('member_id').notNull(),
    /** Whom the push is about (a sender, a caller), re-checked for blocks when it is sent. */
    aboutId: uuid('about_id'),
    tag: text('tag').notNull(),
    /** The `PushPayload` JSON, written in the device's language. */
    payload: text('payload').notNull(),
    urgency: text('urgency', { enum: ['very-low', 'low', 'normal', 'high'] }).notNull(),
    ttlSeconds: integer('ttl_seconds').notNull(),
    /** After this a push is stale (a call rang out): dropped, not sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_queue_subscription_tag_key').on(t.subscriptionId, t.tag),
    index('push_queue_member_due_idx').on(t.memberId, t.dueAt),
  ],
);

/**
 * The transactional outbox (ADR 064): an event a listener must not miss (a message, a like or a
 * match, a call for push), written in the statement or transaction of what caused it, for the
 * listeners that want it (`listener`), and taken from here by their nodes. A node takes a row
 * until `claimed_until`, and removes it in the statement that writes its effect: a node that
 * stops between the two leaves it to another.
 */
export const recordedEvents = pgTable(
  'recorded_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Who takes it: one row per listener that wants the event. */
    listener: text('listener').notNull(),
    /** The event, as `lib/module-events.ts` names it (`chat:message-stored`). */
    name: text('name').notNull(),
    payload: json('payload').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Times taken: an event that failed this often is dropped and logged. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('recorded_events_listener_idx').on(t.listener, t.id)],
);

/**
 * Which conversation each live socket shows (ADR 037): a message in it is not pushed. Written
 * by the `/app/viewing` frame, removed when the socket closes; a node that died leaves rows,
 * which only count while the member is online (presence) and for a bounded time.
 */
export const conversationViews = pgTable(
  'conversation_views',
  {
    connectionId: text('connection_id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [index('conversation_views_member_idx').on(t.memberId, t.otherId)],
);

/**
 * Family mode (ADR 045): a guardian a member names, who follows through a link the
 * conversations the member lets them. The link's token is stored only as its SHA-256, as a
 * session's; removing a guardian sets `revoked_at` and the link answers 404 from then on.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relation: text('relation', { enum: GUARDIAN_RELATIONS }).notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: MAIL_LANGUAGES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    /** How often the guardian is mailed the news of what they follow (their choice). */
    digest: text('digest', { enum: GUARDIAN_DIGESTS }).notNull().default('weekly'),
    /**
     * When the last digest was claimed: the next one tells what came after, and waits a day or a
     * week from it. Null before the first (news counted from `created_at`).
     */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('guardians_member_idx').on(t.memberId),
    check('guardians_digest_check', sql`${t.digest} in (${inList(GUARDIAN_DIGESTS)})`),
    check('guardians_relation_check', sql`${t.relation} in (${inList(GUARDIAN_RELATIONS)})`),
    check('guardians_language_check', sql`${t.language} in (${inList(MAIL_LANGUAGES)})`),
  ],
);

/** Whether a member's conversation that starts from now on is followed; no row: not followed. */
export const guardianSettings = pgTable('guardian_settings', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  followNew: boolean('follow_new').notNull(),
  /** A match may show this member's profile to their family for an opinion (ADR 078). */
  shownToFamilies: boolean('shown_to_families').notNull().default(true),
});

/**
 * A member's choice for one conversation, for all their guardians. `notice_seq` is the notice
 * line that told the other member, written when following begins while the member has a guardian
 * (null while they have none): a guardian sees the conversation from it on, never before
 * (ADR 045). A conversation without a row takes the member's default when it is first looked at.
 */
export const guardianFollows = pgTable(
  'guardian_follows',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    followed: boolean('followed').notNull(),
    noticeSeq: bigint('notice_seq', { mode: 'number' }),
    since: timestamp('since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.otherId] }),
    // The other member's header: whose guardian follows a conversation with them.
    index('guardian_follows_other_idx').on(t.otherId, t.memberId),
  ],
);

/**
 * Further links to a guardian's page, each mailed once in a digest and stored only as its SHA-256:
 * the invitation's token is not kept, so a digest cannot repeat it. They expire; revoking the
 * guardian ends them with the rest.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guardian_links_guardian_idx').on(t.guardianId)],
);

/**
 * "Ask for the wali's contact" (ADR 045): one request per asker and member asked, open until
 * answered (`answered_at`); asked again once answered. The question and the answer are notice
 * lines of the conversation; the contact shared is in the answer's line only.
 */
export const waliRequests = pgTable(
  'wali_requests',
  {
    askerId: uuid('asker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    askedId: uuid('asked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.askerId, t.askedId] }),
    index('wali_requests_asked_idx').on(t.askedId),
  ],
);

/**
 * The family's opinion on a match (ADR 078): the member showed `other_id`'s profile to one of her
 * guardians through a link of its own (stored only as its SHA-256, as the guardian's), working
 * until `expires_at` unless revoked; the guardian's answer and note, for the member alone.
 */
export const familyOpinions = pgTable(
  'family_opinions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    answer: text('answer', { enum: FAMILY_OPINION_ANSWERS }),
    note: text('note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('family_opinions_member_idx').on(t.memberId, t.otherId),
    index('family_opinions_other_idx').on(t.otherId),
    check('family_opinions_answer_check', sql`${t.answer} in (${inList(FAMILY_OPINION_ANSWERS)})`),
  ],
);

/** Each opening of a guardian's page, for the member (and their export). */
export const guardianVisits = pgTable(
  'guardian_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guardian_visits_guardian_idx').on(t.guardianId, t.at)],
);

/**
 * A stay a member announced (ADR 077): a town of the offline index, its position as members'
 * are kept (the grid cell on the unit sphere), and the dates. From `shown_from` (14 days before
 * arrival) until departure she is suggested near the town too, the distance shown to it. At
 * most `STAYS_MAX` per member, each at most `STAY_MAX_DAYS` (the service checks it; the check
 * below holds the length whatever writes the row).
 */
export const memberStays = pgTable(
  'member_stays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The town as the offline index names it, its country's ISO 3166-1 alpha-2 code. */
    town: text('town').notNull(),
    countryCode: text('country_code').notNull(),
    /** The town's own coordinates (never the member's). */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    gridLatitude: doublePrecision('grid_latitude').notNull().generatedAlwaysAs(snapped('latitude')),
    gridLongitude: doublePrecision('grid_longitude')
      .notNull()
      .generatedAlwaysAs(snapped('longitude')),
    /** Named apart from `members.position`: the suggestions statement joins both tables. */
    stayPosition: cube('stay_position').notNull().generatedAlwaysAs(sql.raw(positionExpression)),
    /**
     * Her `activity_rank`, so that in a town's suggestions a visitor takes the place a member
     * of that town as active as she is would (ADR 082): set with the stay, kept by a trigger
     * when her activity day moves.
     */
    stayRank: doublePrecision('stay_rank').notNull(),
    arrivesOn: date('arrives_on', { mode: 'string' }).notNull(),
    departsOn: date('departs_on', { mode: 'string' }).notNull(),
    shownFrom: date('shown_from', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql.raw(`arrives_on - ${STAY_SHOWN_DAYS_BEFORE}`)),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_stays_member_idx').on(t.memberId),
    // Walked nearest first like the members' index (ADR 052), the dates tested on its entries.
    // One index for both audiences, with no answers: narrower ones made the planner expect a
    // handful of stays and sort every stay near the viewer instead of walking them (ADR 082).
    index('member_stays_position_idx').using(
      'gist',
      t.stayPosition,
      t.stayRank,
      t.shownFrom,
      t.departsOn,
    ),
    check(
      'member_stays_dates_check',
      sql`${t.departsOn} >= ${t.arrivesOn} and ${t.departsOn} - ${t.arrivesOn} < ${sql.raw(String(STAY_MAX_DAYS))}`,
    ),
  ],
);

import { GENDERS, HAS_CHILDREN_VALUES, MARITAL_STATUSES, SKIN_TONES } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's `cube` (extension): here a point in 4 dimensions, see `position` below. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * Positions are snapped to a 0.1 degree grid (about 11 km) before anything is computed from
 * them: another member never learns a position finer than that, by value or by distance.
 */
export const GRID_DEGREES = 0.1;
const snappedSql = (column: string) => `round(${column} * 10) / 10`;
const snapped = (column: string) => sql.raw(snappedSql(column));

/**
 * Far-future day number: `(ACTIVITY_EPOCH_DAY - activity_day)` grows with inactivity, so members
 * active more recently sort first among equally distant ones.
 */
export const ACTIVITY_EPOCH_DAY = 30_000;

const lat = `radians(${snappedSql('latitude')})`;
const lon = `radians(${snappedSql('longitude')})`;
const positionExpression = `case when latitude is null or longitude is null then null else cube(array[
  cos(${lat}) * cos(${lon}),
  cos(${lat}) * sin(${lon}),
  sin(${lat}),
  1e-9 * ((${ACTIVITY_EPOCH_DAY} - activity_day) + (hashtext(id::text)::float8 / 4294967296.0 + 0.5))
]) end`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

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
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    bio: text('bio'),
    mutualLike: boolean('mutual_like').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
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
     * The grid cell as a point on the unit sphere (x, y, z) plus a tiny fourth coordinate that
     * grows with inactivity and carries a per-member fraction. Ordering by the GiST distance
     * `position <-> viewer` is then nearest-first, most recently active first within a cell, and a
     * strict order, so pages neither repeat nor skip anyone. The fourth coordinate (at most 1e-5)
     * never reorders cells, which are at least 1.7e-3 apart.
     */
    position: cube('position').generatedAlwaysAs(sql.raw(positionExpression)),
    likesSeenAt: timestamp('likes_seen_at', { withTimezone: true }),
    viewsSeenAt: timestamp('views_seen_at', { withTimezone: true }),
    preferredMinAge: integer('preferred_min_age'),
    preferredMaxAge: integer('preferred_max_age'),
    preferredMaxDistanceKm: integer('preferred_max_distance_km'),
    /**
     * Display keys of the member's photos in order: a copy of `photos` kept by the photo
     * repository in the same transaction as every photo change, so a page of suggestions reads
     * its photos from the members it already visits instead of a hundred index lookups.
     */
    photoKeys: text('photo_keys').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('members_email_lower_key').on(sql`lower(${t.email})`),
    // One nearest-first index per audience: a member is suggested to the other gender only.
    index('members_position_homme_idx')
      .using('gist', t.position)
      .where(sql`${t.gender} = 'homme' and ${t.age} is not null`),
    index('members_position_femme_idx')
      .using('gist', t.position)
      .where(sql`${t.gender} = 'femme' and ${t.age} is not null`),
    // Answers "does anyone match these ages at all" without walking the nearest-first index.
    index('members_audience_age_idx').on(t.gender, t.age).where(sql`${t.position} is not null`),
    check('members_gender_check', sql`${t.gender} in (${inList(GENDERS)})`),
    check('members_marital_status_check', sql`${t.maritalStatus} in (${inList(MARITAL_STATUSES)})`),
    check('members_has_children_check', sql`${t.hasChildren} in (${inList(HAS_CHILDREN_VALUES)})`),
    check('members_skin_tone_check', sql`${t.skinTone} in (${inList(SKIN_TONES)})`),
    check('members_age_check', sql`${t.age} >= 18`),
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
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liked_created_idx').on(t.likedId, t.createdAt),
    check('likes_not_self_check', sql`${t.likerId} <> ${t.likedId}`),
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

import { GENDERS, HAS_CHILDREN_VALUES, MARITAL_STATUSES, SKIN_TONES } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    uniqueIndex('members_email_lower_key').on(sql`lower(${t.email})`),
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
  (t) => [index('photos_member_position_idx').on(t.memberId, t.position)],
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

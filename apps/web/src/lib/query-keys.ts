import type { QueryKey } from '@tanstack/react-query';
import type { Coordinates, GeoLanguage } from './geo-api.ts';

/*
 * Every query key of the app, one factory per feature. They live in the shared layer because
 * features change each other's answers without importing each other (a block takes the member out
 * of the suggestions, the likes, the conversations) and because the member's offline copy keeps
 * the answers `keptKeys` lists (ADR 010, 060). A key of a member's own answers carries their id:
 * the next member on the same device never sees the last one's.
 */

export const accountKeys = {
  dataExport: (memberId: string) => ['account', memberId, 'data-export'] as const,
  passkeys: (memberId: string) => ['account', memberId, 'passkeys'] as const,
};

export const authKeys = {
  clientConfig: () => ['client-config'] as const,
  resetLink: (token: string) => ['reset-link', token] as const,
};

export const chatKeys = {
  /** Every conversation answer of the member: what a reconnection or an unmatch asks again. */
  all: (memberId: string) => ['chat', memberId] as const,
  contacts: (memberId: string) => ['chat', memberId, 'contacts'] as const,
  contact: (memberId: string, otherId: string) => ['chat', memberId, 'contact', otherId] as const,
  conversation: (memberId: string, otherId: string) =>
    ['chat', memberId, 'conversation', otherId] as const,
  /** The message requests waiting for the member's answer (ADR 068). */
  requests: (memberId: string) => ['chat', memberId, 'requests'] as const,
  /** The family's opinions the member asked on a match (ADR 078): hers alone. */
  familyOpinions: (memberId: string, otherId: string) =>
    ['chat', memberId, 'family-opinions', otherId] as const,
};

export const discoveryKeys = {
  all: ['discovery'] as const,
  suggestions: () => ['discovery', 'suggestions'] as const,
  details: (id: string) => ['discovery', 'details', id] as const,
  preferences: () => ['discovery', 'preferences'] as const,
  me: (memberId: string) => ['discovery', 'me', memberId] as const,
};

export const geoKeys = {
  all: ['geo'] as const,
  search: (text: string, language: GeoLanguage) => ['geo', 'search', text, language] as const,
  reverse: (position: Coordinates | null, language: GeoLanguage) =>
    ['geo', 'reverse', position?.latitude, position?.longitude, language] as const,
};

export const guardiansKeys = {
  overview: (memberId: string) => ['guardians', memberId, 'overview'] as const,
  /** The guardian's pages, opened from their link's token. */
  pages: ['guardian-page'] as const,
  page: (token: string) => ['guardian-page', token] as const,
  conversation: (token: string, userId: string) =>
    ['guardian-page', token, 'conversation', userId] as const,
  /** A guardian's page for one opinion on a match (ADR 078). */
  opinion: (token: string) => ['guardian-page', 'opinion', token] as const,
};

export const likesKeys = {
  list: (memberId: string) => ['likes', memberId, 'list'] as const,
  /** The entries opened during this visit (use-member-list.ts). */
  opened: (memberId: string) => ['likes', memberId, 'opened'] as const,
};

export const moderationKeys = {
  role: (memberId: string) => ['moderation', memberId, 'role'] as const,
  /** Every filter's queue under one prefix: a decision drops its reports from each (ADR 080). */
  queue: (memberId: string) => ['moderation', memberId, 'queue'] as const,
  figures: (memberId: string) => ['moderation', memberId, 'figures'] as const,
  subject: (memberId: string, subjectId: string) =>
    ['moderation', memberId, 'subject', subjectId] as const,
  verifications: (memberId: string) => ['moderation', memberId, 'verifications'] as const,
  appeals: (memberId: string) => ['moderation', memberId, 'appeals'] as const,
  transparencies: (memberId: string) => ['moderation', memberId, 'transparency'] as const,
  transparency: (memberId: string, from: string | undefined, to: string | undefined) =>
    ['moderation', memberId, 'transparency', from ?? '', to ?? ''] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: (memberId: string) => ['notifications', memberId] as const,
};

export const paymentsKeys = {
  all: ['payments'] as const,
  gifts: (language: 'en' | 'fr') => ['payments', 'gifts', language] as const,
  plans: () => ['payments', 'plans'] as const,
  recipients: (memberId: string) => ['payments', memberId, 'recipients'] as const,
  me: (memberId: string) => ['payments', memberId, 'me'] as const,
};

export const profileKeys = {
  all: (memberId: string) => ['profile', memberId] as const,
  me: (memberId: string) => ['profile', memberId, 'me'] as const,
  verification: (memberId: string) => ['profile', memberId, 'verification'] as const,
};

export const profileViewsKeys = {
  list: (memberId: string) => ['profile-views', memberId, 'list'] as const,
  /** The entries opened during this visit (use-member-list.ts). */
  opened: (memberId: string) => ['profile-views', memberId, 'opened'] as const,
};

export const pushKeys = {
  settings: (memberId: string) => ['push-settings', memberId] as const,
};

/** A member's signed-in devices: never kept offline (a stale list would show signed-out ones). */
export const sessionsKeys = {
  devices: (memberId: string) => ['sessions', memberId, 'devices'] as const,
};

export const safetyKeys = {
  blocked: (memberId: string) => ['safety', memberId, 'blocked'] as const,
};

/**
 * The roots of the answers kept in the member's offline copy (ADR 010, 060): a query is kept when
 * its key starts with one of them. Left out: the entries opened during a visit, the moderators'
 * queues (other members' reports, messages and photos have no place in a moderator's storage), a
 * visitor's answers (the client config, a reset link) and a guardian's pages (read through a link
 * the member can revoke: a copy on a shared phone would outlive it). A new key is left out until
 * it is listed.
 */
export function keptKeys(memberId: string): readonly QueryKey[] {
  return [
    accountKeys.dataExport(memberId),
    chatKeys.all(memberId),
    discoveryKeys.all,
    geoKeys.all,
    guardiansKeys.overview(memberId),
    likesKeys.list(memberId),
    moderationKeys.role(memberId),
    notificationKeys.counts(memberId),
    paymentsKeys.all,
    profileKeys.all(memberId),
    profileViewsKeys.list(memberId),
    pushKeys.settings(memberId),
    safetyKeys.blocked(memberId),
  ];
}

/** Whether an answer under this key is kept in the member's offline copy (`keptKeys`). */
export function isKeptKey(key: QueryKey, memberId: string): boolean {
  return keptKeys(memberId).some((root) => root.every((part, index) => key[index] === part));
}

/** A suspended or banned member's standing, read with their pass (ADR 076). */
export const standingKeys = {
  standing: (pass: string) => ['standing', pass] as const,
  /** A signed-in member's own statements of reasons (ADR 084). */
  mine: (memberId: string) => ['standing', 'mine', memberId] as const,
};

import type { ComplimentTarget, LikeKind } from '@mawadda/contract';
import type { ComponentType, CSSProperties, ReactNode } from 'react';

/** A like button: the member it is for, and where it shows. */
export type LikeButtonProps = {
  /**
   * `likedByMe` is the server's memory of the like (the heart is filled on any device), and
   * `sentLike` which one it was, when the page has the member's details.
   */
  member: { id: string; name: string; likedByMe?: boolean; sentLike?: LikeKind | null };
  /** A card's icon, the profile dialog's labelled Like, or the profile page's Lovely. */
  variant: 'icon' | 'like' | 'lovely';
  disabled?: boolean;
  /** The screen's own look on top of the button's (a profile shaking on a match). */
  className?: string | undefined;
  style?: CSSProperties | undefined;
};

/** One thing of a profile a compliment may be about, as the profile's screen names it. */
export type ComplimentOption = {
  about: ComplimentTarget;
  /** What the member reads: "Photo 2 of 3", "Prayer: Always". */
  label: string;
  /** A photo's picture, beside its choice. */
  imageUrl?: string | undefined;
};

/**
 * "Add a compliment" (ADR 071): a note about one of `options`, sent with a first like; `selected`
 * is the choice it opens on (the photo on screen). Absent once the member was liked.
 */
export type ComplimentButtonProps = {
  member: LikeButtonProps['member'];
  options: readonly ComplimentOption[];
  selected?: number;
  disabled?: boolean;
};

/**
 * Sending a like from another feature's screens (the suggestions, a profile): the likes feature
 * gives it, through the route, as features do not import each other.
 */
export type MemberLikes = {
  Button: ComponentType<LikeButtonProps>;
  /** A like with a compliment, from the profile dialog and page. */
  Compliment: ComponentType<ComplimentButtonProps>;
  /**
   * One screen's or one dialog's likes: its failures are told in its own `Failure`, and a match
   * made there shakes its cards (docs/spec.md §4).
   */
  Scope: ComponentType<{ children: ReactNode }>;
  /** Why the scope's last like failed (role=alert): floating above the tab bar, or inline. */
  Failure: ComponentType<{ variant: 'toast' | 'inline' }>;
  /** The members whose card shakes in this scope, for MATCH_VIBRATION_MS after a match. */
  useShaking: () => ReadonlySet<string>;
};

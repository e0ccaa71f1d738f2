import type { ReportReason } from '@mawadda/contract/value-lists';

/** The member a safety action is about, as the dialogs name them. */
export type SafetyMember = { id: string; name: string };

/** A message of theirs a report may attach, as the screen that shows it words it. */
export type ReportableMessage = {
  uuid: string;
  /** The text, or what the message is ("A photo"). */
  text: string;
  imageUrl: string | null;
  timestamp: string;
};

/** What a report opened from a message starts with: its reason chosen, the message attached. */
export type ReportPreset = { reason: ReportReason; messageIds: readonly string[] };

/**
 * Blocking, reporting and unmatching, given by the app (app/safety-dialogs.tsx) to the screens
 * that show another member: each opens its dialog. `labels` are the actions' names in the
 * member's language, from the safety feature's texts, so every screen words them alike.
 */
export type MemberSafety = {
  block: (member: SafetyMember) => void;
  report: (
    member: SafetyMember,
    messages?: readonly ReportableMessage[],
    preset?: ReportPreset,
  ) => void;
  unmatch: (member: SafetyMember) => void;
  labels: { menu: (name: string) => string; block: string; report: string; unmatch: string };
};

/** What a safety menu is given: whose it is, and what a report from it may attach. */
export type MemberSafetyMenuProps = {
  safety: MemberSafety;
  member: SafetyMember;
  /** The messages a report from here may attach (a conversation). */
  messages?: readonly ReportableMessage[];
  matched?: boolean | undefined;
  className?: string;
};

import {
  type OpenReport,
  type PlaceLanguage,
  placeText,
  type QueueFigures,
  type ReportQueueQuery,
} from '@mawadda/contract';
import { listPromptAnswers } from '../../core/profile-prompts.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import { findVoiceIntroduction } from '../../core/voice-introductions.ts';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { messagesBySeq, queuedReports, queueFigures, roleOf } from './moderation.repository.ts';

const QUEUE_PAGE = 100;
/** The median time to a first decision is over this many days of decisions (ADR 080). */
const FIGURES_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the moderators' queue needs. */
export type QueueDeps = {
  db: Executor;
  /** Profile photo links: a moderator's open every photo, blurred or not (ADR 019). */
  photoLinks: MediaLinks;
  mediaLinks: MediaLinks;
};

/**
 * Only moderators see a queue (reports, verification selfies, appeals) and act on it, and only
 * senior ones reverse a decision (ADR 076): checked per request, every moderation route through
 * here.
 */
export async function assertModerator(
  db: Executor,
  memberId: string,
  options: { senior?: boolean } = {},
): Promise<void> {
  const role = await roleOf(db, memberId);
  if (role !== 'moderator' && role !== 'senior-moderator') {
    throw new HttpError(403, 'MODERATORS_ONLY');
  }
  if (options.senior && role !== 'senior-moderator') {
    throw new HttpError(403, 'SENIOR_MODERATORS_ONLY');
  }
}

/** The scam shield's report as its reporter: the attached messages it flagged, and their rules. */
function shieldFinding(attached: ReadonlyArray<{ shield: number }>): OpenReport['reporter'] {
  const flagged = attached.filter((message) => message.shield !== 0);
  return {
    kind: 'scam-shield',
    flaggedMessages: flagged.length,
    rules: shieldRules(flagged.reduce((bits, message) => bits | message.shield, 0)),
  };
}

/**
 * The reports the filters keep, a reported minor first, then money asked for (ADR 043, 080),
 * then oldest first, each reported member's place in the moderator's `language`.
 */
export async function reportQueue(
  deps: QueueDeps,
  moderatorId: string,
  language: PlaceLanguage,
  filters: ReportQueueQuery,
): Promise<OpenReport[]> {
  await assertModerator(deps.db, moderatorId);
  const open = await queuedReports(deps.db, moderatorId, filters, QUEUE_PAGE);
  return Promise.all(
    open.map(
      async ({
        reported: { photoKeys, countryCode, ...reported },
        ...report
      }): Promise<OpenReport> => {
        const attached = await messagesBySeq(deps.db, report.messageSeqs);
        // What the member shows others beside the bio and photos (ADR 072).
        const voice = await findVoiceIntroduction(deps.db, reported.id);
        return {
          id: report.id,
          priority: report.priority,
          reviewState: report.reviewState,
          assigneeId: report.assigneeId,
          reasons: report.reasons,
          // The shield's older reports hold an English sentence as their note: never shown
          // as a note, what it found is read from the messages instead.
          note: report.reporter || report.publicReport ? report.note : null,
          createdAt: report.createdAt.toISOString(),
          updatedAt: report.updatedAt.toISOString(),
          reporter: report.reporter
            ? { kind: 'member', ...report.reporter }
            : report.publicReport
              ? { kind: 'public', ...report.publicReport }
              : shieldFinding(attached),
          reported: {
            ...reported,
            location: placeText({ location: reported.location, countryCode }, language),
            photoUrls: photoKeys.map((key) => deps.photoLinks.urlFor(moderatorId, key)),
            promptAnswers: await listPromptAnswers(deps.db, reported.id),
            voiceIntroductionUrl: voice
              ? deps.mediaLinks.urlFor(moderatorId, voice.mediaKey)
              : null,
          },
          messages: attached.map((m) => ({
            uuid: m.uuid,
            content: m.content,
            imageUrl: m.imageKey ? deps.mediaLinks.urlFor(moderatorId, m.imageKey) : null,
            audioUrl: m.audioKey ? deps.mediaLinks.urlFor(moderatorId, m.audioKey) : null,
            timestamp: m.sentAt.toISOString(),
          })),
          compliment: report.compliment,
        };
      },
    ),
  );
}

/** The queue at a glance (ADR 080): the counts, the oldest report, the median first decision. */
export async function reportQueueFigures(
  deps: { db: Executor; clock: Clock },
  moderatorId: string,
): Promise<QueueFigures> {
  await assertModerator(deps.db, moderatorId);
  const figures = await queueFigures(
    deps.db,
    new Date(deps.clock.now().getTime() - FIGURES_DAYS * DAY_MS),
  );
  return {
    open: figures.open,
    escalated: figures.escalated,
    appealed: figures.appealed,
    oldestOpenAt: figures.oldest?.toISOString() ?? null,
    medianFirstDecisionSeconds: figures.medianSeconds,
  };
}

import {
  type ModerationActionRequest,
  type OpenReport,
  type PlaceLanguage,
  placeText,
  REPORT_NOTES_MAX_LENGTH,
  type ReportRequest,
} from '@mawadda/contract';
import { findMailRecipient, findMemberById, removePhotos } from '../../core/members.repository.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { type MediaStore, mediaPathOf } from '../../lib/media-store.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import {
  closeReport,
  fileAutomaticReport,
  fileReport,
  findReport,
  isModerator,
  messagesBySeq,
  messagesSentTo,
  openReports,
  photosOf,
  recordAction,
  setStanding,
} from './moderation.repository.ts';
import { warningMail } from './warning.mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUEUE_PAGE = 100;

export type ModerationService = ReturnType<typeof createModerationService>;

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
 * Reports and what moderators do with them (issue 12). A member reports another, attaching only
 * messages that member sent them (the scam shield reports too, ADR 043); moderators work the
 * queue, asking for money first, then oldest first. Every action closes its report once and is
 * recorded (who, when, why) in a table that refuses changes; a suspended or banned member's
 * sessions and sockets end at once, and `visibleTo` hides them from everyone.
 */
export function createModerationService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  reportsPerDay: number;
  mediaStore: Pick<MediaStore, 'urlFor'>;
  /** Profile photo links: a moderator's open every photo, blurred or not (ADR 019). */
  photoLinks: MediaLinks;
  mediaLinks: MediaLinks;
  mailer: Mailer;
  /** Ends every session of the member, on every node, with their sockets. */
  endMemberSessions(memberId: string): Promise<void>;
  /**
   * A report of a fake profile was filed: a verified member is checked again by a moderator
   * (issue 21). Wired by app.ts, so moderation does not depend on verification.
   */
  onFakeProfileReport?(memberId: string): Promise<void>;
  /**
   * A moderator removed the member's main photo, in the action's transaction: a verified badge
   * waits for the selfie to be matched to the new main photo, as after the member's own change
   * (ADR 044). Wired by app.ts.
   */
  onMainPhotoChanged?(tx: Transaction, memberId: string): Promise<void>;
}) {
  const { db, clock } = deps;
  const dailyReports = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'reports',
    max: deps.reportsPerDay,
    code: 'REPORTS_DAILY_LIMIT',
  });

  async function assertModerator(memberId: string) {
    if (!(await isModerator(db, memberId))) throw new HttpError(403, 'MODERATORS_ONLY');
  }

  return {
    /**
     * A report, or an addition to the reporter's open report on this member: the queue holds one
     * per reporter and member. Either counts against the reporter's reports of the day.
     */
    async report(reporterId: string, request: ReportRequest): Promise<{ id: string }> {
      if (reporterId === request.reportedId || !(await findMemberById(db, request.reportedId))) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      const uuids = [...new Set(request.messageIds ?? [])];
      const seqs = await messagesSentTo(db, request.reportedId, reporterId, uuids);
      if (seqs.length !== uuids.length) throw badRequest('REPORT_MESSAGE_UNKNOWN');
      const slot = await dailyReports.reserve(reporterId);
      const filed = await fileReport(
        db,
        {
          reporterId,
          reportedId: request.reportedId,
          reason: request.reason,
          note: request.note?.trim() || null,
          messageSeqs: seqs,
          at: clock.now(),
        },
        REPORT_NOTES_MAX_LENGTH,
      );
      if (!filed) {
        await slot.release();
        throw badRequest('REPORT_NOTES_FULL');
      }
      if (request.reason === 'fake-profile') await deps.onFakeProfileReport?.(request.reportedId);
      return filed;
    },

    /**
     * The scam shield's report on a sender (ADR 043): the messages that set it off attached,
     * added to its open one if there is one. Asking for money puts it first in the queue.
     */
    async reportAutomatically(report: {
      reportedId: string;
      askingForMoney: boolean;
      messageSeqs: number[];
    }): Promise<{ id: string }> {
      return fileAutomaticReport(db, {
        reportedId: report.reportedId,
        reason: report.askingForMoney ? 'asking-for-money' : 'other',
        messageSeqs: report.messageSeqs,
        at: clock.now(),
      });
    },

    /** The open reports, each reported member's place in the moderator's `language`. */
    async queue(moderatorId: string, language: PlaceLanguage): Promise<OpenReport[]> {
      await assertModerator(moderatorId);
      const open = await openReports(db, moderatorId, QUEUE_PAGE);
      return Promise.all(
        open.map(
          async ({
            reported: { photoKeys, countryCode, ...reported },
            ...report
          }): Promise<OpenReport> => {
            const attached = await messagesBySeq(db, report.messageSeqs);
            return {
              id: report.id,
              reasons: report.reasons,
              // The shield's older reports hold an English sentence as their note: never shown
              // as a note, what it found is read from the messages instead.
              note: report.reporter ? report.note : null,
              createdAt: report.createdAt.toISOString(),
              updatedAt: report.updatedAt.toISOString(),
              reporter: report.reporter
                ? { kind: 'member', ...report.reporter }
                : shieldFinding(attached),
              reported: {
                ...reported,
                location: placeText({ location: reported.location, countryCode }, language),
                photoUrls: photoKeys.map((key) => deps.photoLinks.urlFor(moderatorId, key)),
              },
              messages: attached.map((m) => ({
                uuid: m.uuid,
                content: m.content,
                imageUrl: m.imageKey ? deps.mediaLinks.urlFor(moderatorId, m.imageKey) : null,
                audioUrl: m.audioKey ? deps.mediaLinks.urlFor(moderatorId, m.audioKey) : null,
                timestamp: m.sentAt.toISOString(),
              })),
            };
          },
        ),
      );
    },

    async act(moderatorId: string, reportId: string, request: ModerationActionRequest) {
      await assertModerator(moderatorId);
      const report = await findReport(db, reportId);
      if (!report) throw notFound('REPORT_NOT_FOUND');
      // Nobody judges their own case: not a report about themselves, nor one they filed.
      if (report.reportedId === moderatorId) throw new HttpError(403, 'REPORT_ABOUT_YOU');
      if (report.reporterId === moderatorId) throw new HttpError(403, 'REPORT_FILED_BY_YOU');
      if (report.closedAt) throw new HttpError(409, 'REPORT_CLOSED');
      const memberId = report.reportedId;
      const now = clock.now();
      let photo: { id: string; displayKey: string } | undefined;
      let mainPhoto = false;
      if (request.action === 'remove-photo') {
        const path = mediaPathOf(request.photoUrl ?? '');
        const current = await photosOf(db, memberId);
        photo = current.find((p) => deps.mediaStore.urlFor(p.displayKey) === path);
        if (!photo) throw badRequest('PHOTO_TO_REMOVE_UNKNOWN');
        mainPhoto = photo.id === current[0]?.id;
      }
      if (request.action === 'suspend' && !request.days)
        throw badRequest('SUSPENSION_DAYS_INVALID');
      const suspendedUntil =
        request.action === 'suspend' && request.days
          ? new Date(now.getTime() + request.days * DAY_MS)
          : null;
      const done = await db.transaction(async (tx) => {
        if (!(await closeReport(tx, reportId, now))) return false;
        await recordAction(tx, {
          moderatorId,
          memberId,
          reportId,
          action: request.action,
          reason: request.reason.trim(),
          photoKey: photo?.displayKey ?? null,
          suspendedUntil,
          createdAt: now,
        });
        if (photo) await removePhotos(tx, memberId, [photo.id]);
        if (mainPhoto) await deps.onMainPhotoChanged?.(tx, memberId);
        if (request.action === 'suspend')
          await setStanding(tx, memberId, 'suspended', suspendedUntil);
        if (request.action === 'ban') await setStanding(tx, memberId, 'banned', null);
        return true;
      });
      if (!done) throw new HttpError(409, 'REPORT_CLOSED');
      if (request.action === 'suspend' || request.action === 'ban') {
        await deps.endMemberSessions(memberId);
      }
      if (request.action === 'warn') {
        const member = await findMailRecipient(db, memberId);
        if (member) {
          await deps.mailer.send(
            warningMail({
              to: member.email,
              name: member.name,
              language: member.language,
              warnedFor: report.reporterId === null ? 'message-check' : 'member-report',
              reason: request.reason.trim(),
            }),
          );
        }
      }
      return { message: 'Done' };
    },
  };
}

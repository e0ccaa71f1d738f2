import type { OpenReport } from '@mawadda/contract';
import { useId } from 'react';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { fullDate, timeAgo } from '@/lib/format.ts';
import { useModerationTranslation } from '../i18n.ts';
import { ActionForm } from './action-form.tsx';
import { MemberHistory } from './member-history.tsx';

const sectionHeading = 'font-display text-lg font-semibold text-teal-900';

/** "3 hours ago", with the full date on hover; `phrase` sets it in a sentence. */
function When({
  iso,
  now,
  phrase = (time) => time,
}: {
  iso: string;
  now: number;
  phrase?: (time: string) => string;
}) {
  const { t, i18n } = useModerationTranslation();
  return (
    <time dateTime={iso} title={fullDate(iso, i18n.language)}>
      {phrase(timeAgo(iso, now, i18n.language, t('common:time.justNow')) ?? iso)}
    </time>
  );
}

/** The priority and review state a report is queued with (ADR 080), when they say something. */
function QueueBadges({ report }: { report: OpenReport }) {
  const { t } = useModerationTranslation();
  const badges = [
    report.priority === 'other' ? null : (
      <li key="priority" className="rounded-full bg-red-50 px-3 py-1 text-danger">
        {t(`priority.${report.priority}`)}
      </li>
    ),
    report.reviewState === 'open' ? null : (
      <li key="state" className="rounded-full bg-amber-50 px-3 py-1 text-amber-800">
        {t(`reviewState.${report.reviewState}`)}
      </li>
    ),
  ].filter(Boolean);
  if (badges.length === 0) return null;
  return <ul className="mt-2 flex flex-wrap gap-2 text-sm font-medium">{badges}</ul>;
}

/** Whether a report is taken in one decision with others of its member (ADR 080). */
export type Selection = {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * One report as a moderator weighs it: why and by whom, the reported member's profile and
 * photos, the messages attached, their history, then the decision (none once closed). Each part
 * has its heading, so a screen reader can jump from one to the next. `selection`, when the
 * member has other open reports in the list, takes it into one decision on several.
 */
export function ReportCard({
  report,
  now,
  selection,
  onLeave,
}: {
  report: OpenReport;
  now: number;
  selection?: Selection | undefined;
  onLeave: (announcement: string) => void;
}) {
  const { t, i18n } = useModerationTranslation();
  const id = useId();
  const { reported } = report;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  // 'Other' is the moderators' word; a reporter reads 'Something else' (safety's).
  const reasons = list.format(
    report.reasons.map((reason) =>
      reason === 'other' ? t('reasons.other') : t(`common:reportReasons.${reason}`),
    ),
  );
  const { reporter } = report;
  const standingTone = {
    active: 'bg-emerald-50 text-success',
    suspended: 'bg-amber-50 text-amber-800',
    banned: 'bg-red-50 text-danger',
  }[reported.standing];
  const facts = [
    reported.age === null ? null : t('age', { count: reported.age }),
    reported.gender === 'homme' || reported.gender === 'femme'
      ? t(`common:member.gender.${reported.gender}`)
      : null,
    reported.location,
  ].filter((fact): fact is string => Boolean(fact));

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-teal-900">
        {t('reportHeading', { name: reported.name, reasons })}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {reporter.kind === 'scam-shield'
          ? t('reportedByShield', {
              count: reporter.flaggedMessages,
              rules: list.format(reporter.rules.map((rule) => t(`shieldRules.${rule}`))),
            })
          : reporter.kind === 'public'
            ? t('reportedByPublic')
            : reporter.deleted
              ? t('reportedByDeletedMember')
              : t('reportedBy', { name: reporter.name })}{' '}
        · <When iso={report.createdAt} now={now} phrase={(time) => t('reportedAt', { time })} />
        {report.updatedAt === report.createdAt ? null : (
          <>
            {' '}
            · <When iso={report.updatedAt} now={now} phrase={(time) => t('addedToAt', { time })} />
          </>
        )}
      </p>

      {/* Anyone's report of illegal content (ADR 079): marked as such, before all the rest. */}
      {reporter.kind === 'public' ? (
        <p className="mt-2 inline-block rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-danger">
          {t('publicBadge', {
            kind: t(`common:illegalContentKinds.${reporter.illegalContent}`),
            subject: t(`common:publicReportSubjects.${reporter.subject}`),
          })}
        </p>
      ) : null}
      <QueueBadges report={report} />
      {selection ? (
        <label className="mt-3 flex min-h-11 items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            className="size-5 accent-teal-700"
            checked={selection.checked}
            disabled={selection.disabled}
            onChange={(event) => selection.onChange(event.target.checked)}
          />
          {t('bulk.select', { name: reported.name })}
        </label>
      ) : null}

      {/* The scam shield writes no note: what it found is said above, as its report. */}
      {reporter.kind !== 'scam-shield' ? (
        <section aria-labelledby={`${id}-note`} className="mt-4">
          <h3 id={`${id}-note`} className={sectionHeading}>
            {t(reporter.kind === 'public' ? 'explanation' : 'note')}
          </h3>
          {report.note ? (
            <blockquote className="mt-1 whitespace-pre-line rounded-xl bg-sand-100 px-4 py-2 text-ink">
              {report.note}
            </blockquote>
          ) : (
            <p className="mt-1 text-ink-muted">{t('noNote')}</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby={`${id}-profile`} className="mt-5">
        <h3 id={`${id}-profile`} className={sectionHeading}>
          {t('profile')}
        </h3>
        <p className="mt-1 font-semibold text-ink">{[reported.name, ...facts].join(', ')}</p>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm font-medium">
          <li className={cn('rounded-full px-3 py-1', standingTone)}>
            {t('standingIs', { standing: t(`standing.${reported.standing}`) })}
          </li>
          <li className="rounded-full bg-sand-100 px-3 py-1 text-ink">
            {t('reporterCount', { count: reported.reporterCount })}
          </li>
        </ul>
        <p className="mt-2 max-w-[70ch] whitespace-pre-line leading-relaxed text-ink">
          {reported.bio || t('noBio')}
        </p>
        {reported.profession ? (
          <p className="mt-2 text-ink">{t('profession', { profession: reported.profession })}</p>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-prompts`} className="mt-5">
        <h3 id={`${id}-prompts`} className={sectionHeading}>
          {t('promptAnswers')}
        </h3>
        {reported.promptAnswers.length === 0 ? (
          <p className="mt-1 text-ink-muted">{t('noPromptAnswers')}</p>
        ) : (
          <dl className="mt-2 flex max-w-[70ch] flex-col gap-2">
            {reported.promptAnswers.map((answer) => (
              <div key={answer.prompt}>
                <dt className="text-sm font-semibold text-teal-900">
                  {t(`common:profilePrompts.${answer.prompt}`)}
                </dt>
                <dd className="whitespace-pre-line text-ink">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby={`${id}-voice`} className="mt-5">
        <h3 id={`${id}-voice`} className={sectionHeading}>
          {t('voiceIntroduction')}
        </h3>
        {reported.voiceIntroductionUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a member's spoken introduction has no caption to give.
          <audio
            controls
            preload="none"
            src={reported.voiceIntroductionUrl}
            aria-label={t('voiceIntroductionOf', { name: reported.name })}
            className="mt-1 w-full max-w-xs"
          />
        ) : (
          <p className="mt-1 text-ink-muted">{t('noVoiceIntroduction')}</p>
        )}
      </section>

      <section aria-labelledby={`${id}-photos`} className="mt-5">
        <h3 id={`${id}-photos`} className={sectionHeading}>
          {t('photos')}
        </h3>
        {reported.photoUrls.length === 0 ? (
          <p className="mt-1 text-ink-muted">{t('noPhotos')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {reported.photoUrls.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer" className="block rounded-xl">
                  <MediaImage
                    src={url}
                    alt={t('photoAlt', { number: index + 1, name: reported.name })}
                    className="h-40 w-32 rounded-xl object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${id}-messages`} className="mt-5">
        <h3 id={`${id}-messages`} className={sectionHeading}>
          {t('messages')}
        </h3>
        {report.messages.length === 0 ? (
          <p className="mt-1 text-ink-muted">{t('noMessages')}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {report.messages.map((message) => (
              <li
                key={message.uuid}
                className="max-w-prose rounded-2xl rounded-tl-sm bg-sand-100 px-4 py-2 text-ink"
              >
                <p className="text-xs text-ink-muted">
                  <When iso={message.timestamp} now={now} />
                </p>
                {message.content ? <p className="whitespace-pre-line">{message.content}</p> : null}
                {message.imageUrl ? (
                  <MediaImage
                    src={message.imageUrl}
                    alt={t('imageMessage', { name: reported.name })}
                    className="mt-1 max-h-64 rounded-xl object-contain"
                  />
                ) : null}
                {message.audioUrl ? (
                  // biome-ignore lint/a11y/useMediaCaption: a member's voice note has no caption to give.
                  <audio
                    controls
                    preload="none"
                    src={message.audioUrl}
                    aria-label={t('voiceMessage', { name: reported.name })}
                    className="mt-1 w-full max-w-xs"
                  />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {report.compliment ? (
        <section aria-labelledby={`${id}-compliment`} className="mt-5">
          <h3 id={`${id}-compliment`} className={sectionHeading}>
            {t('compliment')}
          </h3>
          <blockquote className="mt-2 max-w-prose whitespace-pre-line rounded-2xl bg-rose-50 px-4 py-2 text-ink">
            {report.compliment}
          </blockquote>
        </section>
      ) : null}

      <MemberHistory memberId={reported.id} name={reported.name} />

      {report.reviewState === 'closed' ? null : <ActionForm report={report} onLeave={onLeave} />}
    </article>
  );
}

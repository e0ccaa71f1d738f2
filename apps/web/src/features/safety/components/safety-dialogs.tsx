import { CLOSING_TEMPLATES, type ClosingTemplate } from '@mawadda/contract';
import { REPORT_MESSAGES_MAX, REPORT_NOTE_MAX_LENGTH } from '@mawadda/contract/constants';
import { titleCase } from '@mawadda/contract/text';
import { REPORT_REASONS, type ReportReason } from '@mawadda/contract/value-lists';
import { useMutation } from '@tanstack/react-query';
import { ShieldBan } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import type {
  ReportableMessage,
  ReportPreset,
  SafetyMember,
} from '@/components/members/member-safety-menu.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { fullDate } from '@/lib/format.ts';
import { sendReport } from '../api/safety-api.ts';
import { useMemberAction } from '../hooks/use-member-actions.ts';
import { useSafetyTranslation } from '../i18n.ts';

/** The other member's messages a report offers, newest first. */
const RECENT_MESSAGES = 30;

/** A dialog about one member: open while there is one, closed by `onClose`. */
type MemberDialogProps = { member: SafetyMember | null; onClose: () => void };

/** The member as the dialogs name them: as every screen does, whichever screen opened them. */
const named = (member: SafetyMember | null): SafetyMember | null =>
  member && { ...member, name: titleCase(member.name) };

/**
 * "Block X?": what a block does, then the block: the member leaves every screen at once
 * (use-member-actions.ts), and `onBlocked` lets the app leave their page.
 */
export function BlockDialog({
  member,
  onClose,
  onBlocked,
}: MemberDialogProps & { onBlocked: (member: SafetyMember) => void }) {
  return <ConfirmDialog kind="block" member={named(member)} onClose={onClose} onDone={onBlocked} />;
}

/** "Unmatch X?": what unmatching does, then the unmatch. */
export function UnmatchDialog({
  member,
  onClose,
  onUnmatched,
}: MemberDialogProps & { onUnmatched: (member: SafetyMember) => void }) {
  return (
    <ConfirmDialog kind="unmatch" member={named(member)} onClose={onClose} onDone={onUnmatched} />
  );
}

function ConfirmDialog({
  kind,
  member,
  onClose,
  onDone,
}: MemberDialogProps & { kind: 'block' | 'unmatch'; onDone: (member: SafetyMember) => void }) {
  const { t } = useSafetyTranslation();
  const name = member?.name ?? '';
  return (
    <DialogFrame
      open={member !== null}
      onClose={onClose}
      title={t(`${kind}.title`, { name })}
      description={t(`${kind}.description`)}
      closeLabel={t('common:actions.close')}
    >
      {member ? (
        <ConfirmButtons
          key={member.id}
          kind={kind}
          member={member}
          onCancel={onClose}
          onDone={onDone}
        />
      ) : null}
    </DialogFrame>
  );
}

/**
 * Close kindly (ADR 070): an unmatch may leave one of a few kind closing messages, which the
 * other reads in their own language; none chosen, the unmatch is silent as before.
 */
function ClosingChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: ClosingTemplate | undefined;
  onChange: (value: ClosingTemplate | undefined) => void;
}) {
  const { t } = useSafetyTranslation();
  const group = useId();
  const choices: Array<[ClosingTemplate | undefined, string]> = [
    [undefined, t('unmatch.noClosing')],
    ...CLOSING_TEMPLATES.map(
      (id) => [id, `“${t(`common:closingMessages.${id}`)}”`] as [ClosingTemplate, string],
    ),
  ];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-ink">
        {t('unmatch.closingLegend', { name })}
      </legend>
      <p className="mb-1 text-sm text-ink-muted">{t('unmatch.closingHint', { name })}</p>
      {choices.map(([id, label]) => (
        <label
          key={id ?? 'none'}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl px-2 py-2 hover:bg-sand-50"
        >
          <input
            type="radio"
            name={group}
            checked={value === id}
            onChange={() => onChange(id)}
            className="mt-1 size-4 shrink-0 accent-teal-700"
          />
          <span className="text-[0.9375rem] text-ink">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ConfirmButtons({
  kind,
  member,
  onCancel,
  onDone,
}: {
  kind: 'block' | 'unmatch';
  member: SafetyMember;
  onCancel: () => void;
  onDone: (member: SafetyMember) => void;
}) {
  const { t } = useSafetyTranslation();
  const failureText = useFailureText();
  const action = useMemberAction(kind, onDone);
  const [closing, setClosing] = useState<ClosingTemplate | undefined>(undefined);
  return (
    <div className="flex flex-col gap-4">
      {kind === 'unmatch' ? (
        <ClosingChoice name={member.name} value={closing} onChange={setClosing} />
      ) : null}
      {action.isError ? (
        <Alert tone="error">
          {failureText(action.error, t(`${kind}.failed`, { name: member.name }))}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="danger"
          busy={action.isPending}
          onClick={() => action.mutate({ ...member, closing })}
        >
          {closing ? t('unmatch.confirmKindly') : t(`${kind}.confirm`)}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Report X": why (one of REPORT_REASONS), an optional note, and from a conversation the member's
 * recent messages to attach (at most REPORT_MESSAGES_MAX). Once sent it says so and offers to
 * block them too.
 */
export function ReportDialog({
  member: asGiven,
  messages = [],
  preset,
  onClose,
  onBlocked,
}: MemberDialogProps & {
  /** Their messages, from a conversation; none elsewhere. */
  messages?: readonly ReportableMessage[] | undefined;
  /** Opened from a message (the scam shield's warning): its reason and the message, chosen. */
  preset?: ReportPreset | undefined;
  onBlocked: (member: SafetyMember) => void;
}) {
  const { t } = useSafetyTranslation();
  const member = named(asGiven);
  const name = member?.name ?? '';
  return (
    <DialogFrame
      open={member !== null}
      onClose={onClose}
      title={t('report.title', { name })}
      description={t('report.description', { name })}
      closeLabel={t('common:actions.close')}
    >
      {member ? (
        <ReportSteps
          key={member.id}
          member={member}
          messages={messages}
          preset={preset}
          onClose={onClose}
          onBlocked={onBlocked}
        />
      ) : null}
    </DialogFrame>
  );
}

function ReportSteps({
  member,
  messages,
  preset,
  onClose,
  onBlocked,
}: {
  member: SafetyMember;
  messages: readonly ReportableMessage[];
  preset: ReportPreset | undefined;
  onClose: () => void;
  onBlocked: (member: SafetyMember) => void;
}) {
  const { t } = useSafetyTranslation();
  const failureText = useFailureText();
  const [reason, setReason] = useState<ReportReason | null>(preset?.reason ?? null);
  const [missingReason, setMissingReason] = useState(false);
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<readonly string[]>(() =>
    (preset?.messageIds ?? []).filter((uuid) => messages.some((m) => m.uuid === uuid)),
  );
  const report = useMutation({
    mutationFn: (chosenReason: ReportReason) =>
      sendReport({
        reportedId: member.id,
        reason: chosenReason,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(chosen.length > 0 ? { messageIds: [...chosen] } : {}),
      }),
  });
  const block = useMemberAction('block', onBlocked);
  const reasonsId = useId();
  const sentNote = useRef<HTMLParagraphElement>(null);

  // Once sent, the form goes: the focus moves to what replaced it, so a screen reader hears it.
  useEffect(() => {
    if (report.isSuccess) sentNote.current?.focus();
  }, [report.isSuccess]);

  if (report.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p
          ref={sentNote}
          tabIndex={-1}
          className="rounded-xl border border-success/30 bg-emerald-50 px-4 py-3 text-sm font-medium text-success outline-none"
        >
          {t('report.sent')}
        </p>
        <p className="leading-relaxed text-ink">{t('report.offerBlock', { name: member.name })}</p>
        {block.isError ? (
          <Alert tone="error">
            {failureText(block.error, t('block.failed', { name: member.name }))}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.notNow')}
          </Button>
          <Button
            variant="danger"
            busy={block.isPending}
            icon={<ShieldBan aria-hidden="true" className="size-4" />}
            onClick={() => block.mutate(member)}
          >
            {t('report.blockToo', { name: member.name })}
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate(reason);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset
        aria-describedby={missingReason ? `${reasonsId}-error` : undefined}
        className="flex flex-col gap-1"
      >
        <legend className="mb-2 font-semibold text-ink">
          {t('report.reasonLegend', { name: member.name })}
        </legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 has-[:checked]:bg-teal-50"
          >
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setMissingReason(false);
              }}
              className="size-5 shrink-0 accent-teal-700"
            />
            <span className="text-ink">
              {value === 'other' ? t('report.reasons.other') : t(`common:reportReasons.${value}`)}
            </span>
          </label>
        ))}
        {missingReason ? (
          <p id={`${reasonsId}-error`} role="alert" className="text-sm font-medium text-danger">
            {t('report.reasonRequired', { name: member.name })}
          </p>
        ) : null}
      </fieldset>

      <NoteField value={note} onChange={setNote} />

      {messages.length > 0 ? (
        <MessageChoice
          name={member.name}
          messages={messages}
          chosen={chosen}
          onChange={setChosen}
        />
      ) : null}

      {report.isError ? (
        <Alert tone="error">{failureText(report.error, t('report.failed'))}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="danger" busy={report.isPending}>
          {t('report.send')}
        </Button>
      </div>
    </form>
  );
}

function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const { t } = useSafetyTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink">
        {t('report.note')}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
        className="w-full resize-y rounded-xl border border-sand-300 bg-white px-4 py-3 text-base text-ink focus:border-teal-600"
      />
      <p id={`${id}-count`} className="text-right text-sm tabular-nums text-ink-muted">
        {t('report.noteCount', { count: value.length, max: REPORT_NOTE_MAX_LENGTH })}
      </p>
    </div>
  );
}

function MessageChoice({
  name,
  messages,
  chosen,
  onChange,
}: {
  name: string;
  messages: readonly ReportableMessage[];
  chosen: readonly string[];
  onChange: (chosen: readonly string[]) => void;
}) {
  const { t, i18n } = useSafetyTranslation();
  const id = useId();
  const recent = [...messages]
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, RECENT_MESSAGES);
  const full = chosen.length >= REPORT_MESSAGES_MAX;
  return (
    <fieldset aria-describedby={`${id}-hint`} className="flex flex-col gap-1">
      <legend className="font-semibold text-ink">{t('report.messagesLegend', { name })}</legend>
      <p id={`${id}-hint`} className="mb-1 text-sm text-ink-muted">
        {t('report.messagesHint', { max: REPORT_MESSAGES_MAX })}{' '}
        <span aria-live="polite">
          {t('report.messagesCount', { count: chosen.length, max: REPORT_MESSAGES_MAX })}
        </span>
      </p>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-xl border border-sand-200 bg-white p-1">
        {recent.map((message) => {
          const ticked = chosen.includes(message.uuid);
          return (
            <li key={message.uuid}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 has-[:checked]:bg-rose-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                <input
                  type="checkbox"
                  checked={ticked}
                  disabled={full && !ticked}
                  onChange={() =>
                    onChange(
                      ticked
                        ? chosen.filter((uuid) => uuid !== message.uuid)
                        : [...chosen, message.uuid],
                    )
                  }
                  className="mt-0.5 size-5 shrink-0 accent-rose-700"
                />
                {message.imageUrl ? (
                  <MediaImage
                    src={message.imageUrl}
                    alt=""
                    className="size-10 shrink-0 rounded-md object-cover"
                  />
                ) : null}
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-2 break-words text-ink">{message.text}</span>
                  <time dateTime={message.timestamp} className="text-xs text-ink-muted">
                    {fullDate(message.timestamp, i18n.language)}
                  </time>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

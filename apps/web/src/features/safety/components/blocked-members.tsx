import type { BlockedMember } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { ShieldBan } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { formatDate } from '@/lib/format.ts';
import { useBlockedMembers, useUnblock } from '../hooks/use-safety.ts';
import { useSafetyTranslation } from '../i18n.ts';

/**
 * /mon-profil's "Blocked members": each with when they were blocked and "Unblock". An unblocked
 * member leaves the list; the focus their button held moves to the section's heading, and the
 * change is announced.
 */
export function BlockedMembers() {
  const { t, i18n } = useSafetyTranslation();
  const failureText = useFailureText();
  const blocked = useBlockedMembers();
  const unblock = useUnblock();
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const dateOf = (iso: string) => formatDate(iso, i18n.language) ?? '';

  const lift = (member: BlockedMember) =>
    unblock.mutate(member, {
      onSuccess: () => {
        heading.current?.focus();
        setAnnouncement(t('blocked.unblocked', { name: titleCase(member.name) }));
      },
    });

  return (
    <section
      aria-labelledby="blocked-members-title"
      className="mt-6 rounded-card border border-sand-200 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700">
          <ShieldBan aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id="blocked-members-title"
            ref={heading}
            tabIndex={-1}
            className="font-display text-xl font-semibold text-teal-900 outline-none"
          >
            {t('blocked.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('blocked.lead')}</p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {unblock.isError && unblock.variables ? (
        <div className="mt-3">
          <Alert tone="error">
            {failureText(
              unblock.error,
              t('blocked.unblockFailed', { name: titleCase(unblock.variables.name) }),
            )}
          </Alert>
        </div>
      ) : null}
      <div className="mt-3">
        <QueryState
          query={blocked}
          items={blocked.data ?? []}
          pending={
            <p role="status" className="text-ink-muted">
              {t('blocked.loading')}
            </p>
          }
          error={{
            message: t('blocked.error'),
            retry: t('common:actions.retry'),
            className: 'py-4',
          }}
          empty={<p className="text-ink-muted">{t('blocked.empty')}</p>}
        >
          {(members) => (
            <ul
              aria-labelledby="blocked-members-title"
              className="flex flex-col divide-y divide-sand-200"
            >
              {members.map((member) => {
                const name = titleCase(member.name);
                const busy = unblock.isPending && unblock.variables?.id === member.id;
                return (
                  <li key={member.id} className="flex items-center gap-3 py-2">
                    <MediaImage
                      src={member.mediaUrls[0]}
                      alt=""
                      className="size-11 shrink-0 rounded-full bg-sand-200 object-cover"
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-semibold text-ink">{name}</span>
                      <span className="text-sm text-ink-muted">
                        {t('blocked.since', { date: dateOf(member.blockedAt) })}
                      </span>
                    </span>
                    <Button
                      variant="secondary"
                      size="snug"
                      onClick={() => (busy ? undefined : lift(member))}
                      // Not `disabled`: the browser would drop the focus to the page while it waits.
                      aria-disabled={busy}
                      aria-label={t('blocked.unblockLabel', { name })}
                      className="shrink-0 aria-disabled:cursor-wait aria-disabled:opacity-60"
                    >
                      {t('blocked.unblock')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}

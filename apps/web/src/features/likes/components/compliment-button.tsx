import { MessageCircleHeart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ComplimentButtonProps } from '@/components/members/member-likes.ts';
import { useLikedUsers } from '../hooks/liked-users.ts';
import { useLikesTranslation } from '../i18n.ts';

/** The form loads when the member reaches for it: most profiles opened get no compliment. */
const ComplimentDialog = lazy(() => import('./compliment-dialog.tsx'));

/**
 * "Add a compliment" of a profile (ADR 071): opens the dialog that sends a note with a first
 * like (compliment-dialog.tsx). Gone once the member is liked: a compliment comes with a first
 * like only, and with something of the profile to be about.
 */
export function ComplimentButton({
  member,
  options,
  selected = 0,
  disabled = false,
}: ComplimentButtonProps) {
  const { t } = useLikesTranslation();
  const liked = useLikedUsers();
  const [open, setOpen] = useState(false);
  if (options.length === 0 || member.likedByMe === true || liked.has(member.id)) return null;
  return (
    <>
      <button
        type="button"
        aria-disabled={disabled}
        onClick={() => {
          if (!disabled) setOpen(true);
        }}
        className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-full px-3 font-semibold text-rose-700 underline-offset-4 hover:bg-rose-50 hover:underline aria-disabled:cursor-default aria-disabled:opacity-60"
      >
        <MessageCircleHeart aria-hidden="true" className="size-5" />
        {t('compliment.add')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ComplimentDialog
            member={member}
            options={options}
            selected={Math.min(selected, options.length - 1)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

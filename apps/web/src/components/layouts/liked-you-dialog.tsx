import { HeartHandshake, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from './paths.ts';

/**
 * "Who liked you" (spec section 2). The list comes in a later issue; for now it says, kindly,
 * that no one has yet. Radix traps focus inside, closes on Escape and returns focus to the button.
 */
export function LikedYouDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/40 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed inset-x-3 bottom-3 z-50 animate-rise rounded-card bg-white p-6 shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[26rem] sm:-translate-x-1/2 sm:-translate-y-1/2">
          <Dialog.Close
            aria-label={t('likedYou.close')}
            className="absolute right-3 top-3 flex size-11 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <Dialog.Title className="pr-10 font-display text-2xl font-semibold text-teal-900">
            {t('likedYou.title')}
          </Dialog.Title>
          <div className="mt-6 flex flex-col items-center text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-rose-50 text-rose-600">
              <HeartHandshake aria-hidden="true" className="size-8" />
            </span>
            <Dialog.Description className="mt-4 text-lg font-medium text-ink">
              {t('likedYou.empty')}
            </Dialog.Description>
            <p className="mt-2 max-w-[34ch] text-sm leading-relaxed text-ink-muted">
              {t('likedYou.hint')}
            </p>
          </div>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <Link
              to={localized('/mon-profil')}
              onClick={() => onOpenChange(false)}
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-teal-800"
            >
              {t('likedYou.completeProfile')}
            </Link>
            <Dialog.Close className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-teal-700/30 bg-white px-5 py-2.5 font-semibold text-teal-800 transition-colors hover:bg-teal-50">
              {t('likedYou.close')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

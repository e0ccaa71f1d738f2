import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** What the liked-you dialog shows; the app gives it a way to close the dialog. */
export type LikedYouContent = (close: () => void) => ReactNode;

/**
 * "Who liked you" (docs/spec.md §2): the frame of the dialog (a bottom sheet on phones, centred
 * from `sm`), whose body the app fills with the likes feature's list. The body is mounted only
 * while the dialog is open, so opening it is what loads the list and marks the likes seen.
 * Radix traps focus inside and closes on Escape; on closing, focus goes back to `returnFocus`
 * (the likes button, which is not a Radix trigger since it lives in the navigation list).
 */
export function LikedYouDialog({
  open,
  onOpenChange,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          className="fixed inset-x-3 bottom-3 z-50 flex max-h-[calc(100dvh-1.5rem)] animate-rise flex-col overflow-hidden rounded-card bg-white shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[min(42rem,calc(100dvh-4rem))] sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2"
        >
          <div className="flex items-start gap-2 border-b border-sand-200 py-3 pl-6 pr-3">
            <div className="min-w-0 flex-1 pt-2">
              <Dialog.Title className="font-display text-2xl font-semibold text-teal-900">
                {t('likedYou.title')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-muted">
                {t('likedYou.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('actions.close')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

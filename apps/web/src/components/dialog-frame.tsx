import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn.ts';
import { focusMainContent } from './layouts/skip-link.tsx';

/**
 * The frame of the dialogs the app opens over any member screen (the gift popup, the
 * subscription modal, blocking, reporting): a Radix dialog (labelled by its title, focus trapped,
 * Escape and the close button close it at any time), a bottom sheet on phones, centred from `sm`.
 * The app opens it rather than a Radix trigger, so it gives the focus back itself to whatever had
 * it when it opened, or to the page's content when that is gone.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  closeLabel,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The close button's accessible name, in the dialog's own texts. */
  closeLabel: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<Element | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/40" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            event.preventDefault();
            if (back instanceof HTMLElement && back.isConnected) back.focus();
            else focusMainContent();
          }}
          className={cn(
            'fixed inset-x-3 bottom-3 top-auto z-50 max-h-[calc(100dvh-1.5rem)] animate-rise overflow-y-auto rounded-card bg-sand-50 p-5 shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:p-6',
            wide ? 'sm:w-[44rem]' : 'sm:w-[30rem]',
          )}
        >
          <div className="mb-4 flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-display text-2xl font-semibold text-teal-900">
                {title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 leading-relaxed text-ink-muted">
                {description}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-sand-100 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import type { CallType } from '@mawadda/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Phone, PhoneOff, Video } from 'lucide-react';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { useCallsTranslation } from '../i18n.ts';
import type { CallPeer } from '../utils/call-transitions.ts';

const choiceButton =
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 font-semibold text-white shadow-sm transition-colors';

/**
 * Someone calls (docs/spec.md §2's incoming-call modal): their photo and name, Accept and Refuse.
 * Radix traps the focus inside and screen readers hear the title and who calls; Accept has the
 * first focus. Escape refuses, as closing a ringing call means; a click outside does nothing, so
 * a stray tap never refuses a call.
 */
export function IncomingCallDialog({
  peer,
  type,
  accepting,
  onAccept,
  onRefuse,
}: {
  peer: CallPeer;
  type: CallType;
  accepting: boolean;
  onAccept: () => void;
  onRefuse: () => void;
}) {
  const { t } = useCallsTranslation();
  const Icon = type === 'video' ? Video : Phone;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onRefuse())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/60" />
        <Dialog.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-x-3 bottom-3 z-50 animate-rise rounded-card bg-white p-6 text-center shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[24rem] sm:-translate-x-1/2 sm:-translate-y-1/2"
        >
          <MemberAvatar
            name={peer.name}
            photoUrl={peer.photoUrl ?? undefined}
            className="mx-auto size-24 animate-pulse text-3xl"
          />
          <Dialog.Title className="mt-4 flex items-center justify-center gap-2 font-display text-xl font-semibold text-teal-900">
            <Icon aria-hidden="true" className="size-5" />
            {t('incoming.title', { context: type })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-lg text-ink">
            {t('incoming.body', { name: peer.name })}
          </Dialog.Description>
          {accepting ? (
            <p role="status" className="mt-2 text-ink-muted">
              {t('incoming.connecting')}
            </p>
          ) : null}
          <div className="mt-6 flex gap-3">
            <button
              type="button"
              onClick={onAccept}
              className={`${choiceButton} bg-emerald-700 hover:bg-emerald-800`}
            >
              <Icon aria-hidden="true" className="size-5" />
              {t('incoming.accept')}
            </button>
            <button
              type="button"
              onClick={onRefuse}
              className={`${choiceButton} bg-rose-600 hover:bg-rose-700`}
            >
              <PhoneOff aria-hidden="true" className="size-5" />
              {t('incoming.refuse')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

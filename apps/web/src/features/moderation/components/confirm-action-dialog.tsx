import type { ModerationActionRequest } from '@mawadda/contract';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '@/components/button.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import { useModerationTranslation } from '../i18n.ts';
import { SEVERE } from '../utils/action-request.ts';

/**
 * Asks once more before a decision is recorded: what it does, the photo or the compliment it
 * removes, the reason kept; says why when the server refused it. Closed by Cancel or Escape
 * unless it is being sent.
 */
export function ConfirmActionDialog({
  request,
  question,
  member,
  photos,
  compliment,
  failure,
  pending,
  onCancel,
  onConfirm,
}: {
  request: ModerationActionRequest | null;
  question: string;
  member: string;
  photos: string[];
  /** The note a `remove-compliment` takes down (ADR 071). */
  compliment: string | null;
  failure: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (request: ModerationActionRequest) => void;
}) {
  const { t } = useModerationTranslation();
  return (
    <AlertDialog.Root
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade bg-teal-900/60" />
        {/* Always a child, as in every other dialog: a content added beside an open overlay
            can land under it (ADR 050). */}
        <AlertDialog.Content className="fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] animate-rise overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2">
          <AlertDialog.Title className="font-display text-xl font-semibold text-teal-900">
            {t('confirm.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink">{question}</AlertDialog.Description>
          {request ? (
            <>
              {request.action === 'remove-photo' ? (
                <MediaImage
                  src={request.photoUrl}
                  alt={t('photoAlt', {
                    number: photos.indexOf(request.photoUrl ?? '') + 1,
                    name: member,
                  })}
                  className="mt-3 h-32 w-24 rounded-lg object-cover"
                />
              ) : null}
              {request.action === 'remove-compliment' && compliment ? (
                <blockquote className="mt-3 whitespace-pre-line rounded-xl bg-rose-50 px-4 py-2 text-ink">
                  {compliment}
                </blockquote>
              ) : null}
              <p className="mt-3 text-sm font-medium text-ink-muted">{t('confirm.reasonLabel')}</p>
              <blockquote className="mt-1 whitespace-pre-line rounded-xl bg-sand-100 px-4 py-2 text-ink">
                {request.reason}
              </blockquote>
              {failure ? (
                <p role="alert" className="mt-3 text-sm font-medium text-danger">
                  {failure}
                </p>
              ) : null}
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={pending}>
                    {t('common:actions.cancel')}
                  </Button>
                </AlertDialog.Cancel>
                <Button
                  variant={SEVERE.has(request.action) ? 'danger' : 'primary'}
                  busy={pending}
                  onClick={() => onConfirm(request)}
                >
                  {t('confirm.submit')}
                </Button>
              </div>
            </>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { useSwipe } from '../hooks/use-swipe.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { stepIndex } from '../utils/swipe.ts';

const roundButton =
  'flex size-12 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/25 backdrop-blur transition hover:bg-white/25';

/**
 * A photo full screen (docs/spec.md §2). A dialog of its own above the profile: Escape or the
 * close button returns to it, with focus back on the photo that opened it.
 */
export function Lightbox({
  open,
  onOpenChange,
  photos,
  index,
  onIndexChange,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: readonly string[];
  index: number;
  onIndexChange: (index: number) => void;
  name: string;
}) {
  const returnFocus = useReturnFocus();
  const { t } = useDiscoveryTranslation();
  const count = photos.length;
  const go = (step: 1 | -1) => {
    if (count > 1) onIndexChange(stepIndex(index, count, step));
  };
  const swipe = useSwipe((decision) => go(decision === 'next' ? 1 : -1));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] animate-fade bg-[#0b1514]" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          {...swipe.handlers}
          className="fixed inset-0 z-[60] flex touch-pan-y animate-fade items-center justify-center p-4 outline-none"
        >
          <Dialog.Title className="sr-only">
            {t('lightbox.title', { index: index + 1, count, name })}
          </Dialog.Title>
          <MediaImage
            src={photos[index]}
            alt={t('carousel.photoAlt', { index: index + 1, name })}
            loading="eager"
            sizes="100vw"
            dataSaverWidth={720}
            draggable={false}
            className="max-h-full max-w-full select-none rounded-lg object-contain shadow-2xl"
          />
          <Dialog.Close
            aria-label={t('lightbox.close')}
            className={cn(
              roundButton,
              'absolute right-3 top-[max(0.75rem,env(safe-area-inset-top))]',
            )}
          >
            <X aria-hidden="true" className="size-6" />
          </Dialog.Close>
          {count > 1 ? (
            <>
              <button
                type="button"
                aria-label={t('carousel.previous')}
                onClick={() => go(-1)}
                className={cn(roundButton, 'absolute left-3 top-1/2 -translate-y-1/2')}
              >
                <ChevronLeft aria-hidden="true" className="size-7" />
              </button>
              <button
                type="button"
                aria-label={t('carousel.next')}
                onClick={() => go(1)}
                className={cn(roundButton, 'absolute right-3 top-1/2 -translate-y-1/2')}
              >
                <ChevronRight aria-hidden="true" className="size-7" />
              </button>
              <p
                aria-live="polite"
                className="absolute bottom-[max(1rem,env(safe-area-inset-bottom))] left-1/2 -translate-x-1/2 rounded-full bg-black/50 px-3 py-1 text-sm font-medium text-white"
              >
                {t('carousel.position', { index: index + 1, count })}
              </p>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { usePhotoSteps } from '../hooks/use-photo-steps.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { StepButtons } from './step-buttons.tsx';

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
  const { go, onKeyDown, swipe } = usePhotoSteps(index, count, onIndexChange);

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
              <StepButtons
                onStep={go}
                className={cn(roundButton, 'absolute top-1/2 -translate-y-1/2')}
                sides={['left-3', 'right-3']}
                iconClassName="size-7"
              />
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

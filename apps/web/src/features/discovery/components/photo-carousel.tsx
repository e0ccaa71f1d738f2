import { UserRound } from 'lucide-react';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import { usePhotoSteps } from '../hooks/use-photo-steps.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { StepButtons } from './step-buttons.tsx';

export type CarouselProps = {
  photos: readonly string[];
  /** The member's name, for the labels and the images' text. */
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
  /** Opens the lightbox on the shown photo; without it the photo is not a button. */
  onEnlarge?: (index: number) => void;
  /** The photos are blurred copies (the member shows them after a match): the images say so. */
  blurred?: boolean;
  className?: string;
};

/** The dialog's photo: the screen's width on a phone, a column of the dialog from 768 px. */
const CAROUSEL_PHOTO_SIZES = '(min-width: 768px) 480px, 100vw';

const arrowClass =
  'absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-teal-900 shadow-md ring-1 ring-black/5 transition hover:bg-white';

/**
 * Photos one at a time (docs/spec.md §2): previous/next buttons, dots, the arrow keys, and a
 * touch swipe past 40 px (docs/spec.md §9). Hidden slides are inert, so Tab reaches only the
 * shown one; the position is announced politely.
 */
export function PhotoCarousel({
  photos,
  name,
  index,
  onIndexChange,
  onEnlarge,
  blurred = false,
  className = '',
}: CarouselProps) {
  const { t } = useDiscoveryTranslation();
  // The photos beside the shown one are fetched ahead for a swipe without a wait, not in data saver.
  const ahead = useDataSaver() ? 0 : 1;
  const count = photos.length;
  const current = Math.min(Math.max(index, 0), Math.max(count - 1, 0));
  const { go, onKeyDown, swipe } = usePhotoSteps(current, count, onIndexChange);

  if (count === 0) {
    return (
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-sand-100 to-teal-50 p-6 text-center',
          className,
        )}
      >
        <span className="flex size-20 items-center justify-center rounded-full bg-white/80 text-teal-700 shadow-sm">
          <UserRound aria-hidden="true" className="size-10" />
        </span>
        <p className="max-w-[24ch] text-sm font-medium text-ink-muted">
          {t('carousel.noPhoto', { name })}
        </p>
      </div>
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('carousel.label', { name })}
      // The region itself takes focus so the arrow keys work from it.
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
      {...swipe.handlers}
      className={cn(
        'relative touch-pan-y overflow-hidden bg-sand-100 focus-visible:outline-offset-[-3px]',
        className,
      )}
    >
      <div
        className="flex h-full transition-transform duration-300 ease-out"
        style={{ transform: `translateX(-${current * 100}%)` }}
      >
        {photos.map((url, i) => {
          const shown = i === current;
          const image = (
            <MediaImage
              src={url}
              alt={t(blurred ? 'carousel.blurredAlt' : 'carousel.photoAlt', { index: i + 1, name })}
              loading={Math.abs(i - current) <= ahead ? 'eager' : 'lazy'}
              sizes={CAROUSEL_PHOTO_SIZES}
              dataSaverWidth={480}
              draggable={false}
              className="size-full select-none object-cover"
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a labelled group, not a form fieldset
            <div
              key={url}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: i + 1, count })}
              aria-hidden={shown ? undefined : true}
              inert={!shown}
              className="h-full w-full shrink-0"
            >
              {onEnlarge ? (
                <button
                  type="button"
                  aria-label={t('carousel.enlarge', { index: i + 1, count })}
                  tabIndex={shown ? undefined : -1}
                  onClick={() => {
                    if (!swipe.swiped()) onEnlarge(i);
                  }}
                  className="block size-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
                >
                  {image}
                </button>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          <StepButtons
            onStep={go}
            className={arrowClass}
            sides={['left-2', 'right-2']}
            iconClassName="size-6"
          />
          <div className="absolute inset-x-0 bottom-2 z-10 flex justify-center">
            <div className="flex rounded-full bg-black/35 px-1 backdrop-blur-sm">
              {photos.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  aria-label={t('carousel.goTo', { index: i + 1, count })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => onIndexChange(i)}
                  className="group flex size-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block h-2 rounded-full shadow transition-all duration-200',
                      i === current ? 'w-6 bg-white' : 'w-2 bg-white/70 group-hover:bg-white',
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
        </>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {count > 1 ? t('carousel.position', { index: current + 1, count }) : ''}
      </p>
    </section>
  );
}

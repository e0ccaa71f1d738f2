import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * The previous and next buttons over a photo's sides, in the carousel and the lightbox: each
 * its own look (`className`), place (`sides`: the left one's, then the right one's) and arrow.
 */
export function StepButtons({
  onStep,
  className,
  sides,
  iconClassName,
}: {
  onStep: (step: 1 | -1) => void;
  className: string;
  sides: readonly [left: string, right: string];
  iconClassName: string;
}) {
  const { t } = useDiscoveryTranslation();
  return (
    <>
      <button
        type="button"
        aria-label={t('carousel.previous')}
        onClick={() => onStep(-1)}
        className={cn(className, sides[0])}
      >
        <ChevronLeft aria-hidden="true" className={iconClassName} />
      </button>
      <button
        type="button"
        aria-label={t('carousel.next')}
        onClick={() => onStep(1)}
        className={cn(className, sides[1])}
      >
        <ChevronRight aria-hidden="true" className={iconClassName} />
      </button>
    </>
  );
}

import { useState } from 'react';
import { BlurredNote } from './blurred-note.tsx';
import { Lightbox } from './lightbox.tsx';
import { type CarouselProps, PhotoCarousel } from './photo-carousel.tsx';

/**
 * A member's photos (docs/spec.md §2): the carousel, and the lightbox its photo opens full screen
 * on the same photo. The index is the caller's, so the profile dialog can turn the photos with
 * the arrow keys from anywhere in it. Blurred copies are not enlarged: they say only that the
 * photos are visible after a match.
 */
export function PhotoViewer({
  photos,
  name,
  index,
  onIndexChange,
  blurred = false,
  className,
}: Omit<CarouselProps, 'onEnlarge'>) {
  const [enlarged, setEnlarged] = useState(false);
  if (blurred) {
    return (
      <div className="relative">
        <PhotoCarousel
          photos={photos}
          name={name}
          index={index}
          onIndexChange={onIndexChange}
          blurred
          className={className}
        />
        {photos.length > 0 ? (
          <BlurredNote className="absolute left-1/2 top-3 z-10 -translate-x-1/2" />
        ) : null}
      </div>
    );
  }
  return (
    <>
      <PhotoCarousel
        photos={photos}
        name={name}
        index={index}
        onIndexChange={onIndexChange}
        onEnlarge={(shown) => {
          onIndexChange(shown);
          setEnlarged(true);
        }}
        className={className}
      />
      <Lightbox
        open={enlarged}
        onOpenChange={setEnlarged}
        photos={photos}
        index={index}
        onIndexChange={onIndexChange}
        name={name}
      />
    </>
  );
}

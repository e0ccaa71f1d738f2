import { useState } from 'react';
import { Lightbox } from './lightbox.tsx';
import { type CarouselProps, PhotoCarousel } from './photo-carousel.tsx';

/**
 * A member's photos (spec section 2): the carousel, and the lightbox its photo opens full screen
 * on the same photo. The index is the caller's, so the profile dialog can turn the photos with
 * the arrow keys from anywhere in it.
 */
export function PhotoViewer({
  photos,
  name,
  index,
  onIndexChange,
  className,
}: Omit<CarouselProps, 'onEnlarge'>) {
  const [enlarged, setEnlarged] = useState(false);
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

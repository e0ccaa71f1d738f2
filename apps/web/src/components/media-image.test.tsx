import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaver } from '@/lib/data-saver.ts';
import { DEFAULT_PROFILE_IMAGE, MediaImage } from './media-image.tsx';

afterEach(cleanup);

describe('MediaImage', () => {
  it('shows the media while it loads', () => {
    render(<MediaImage src="/media/photo-1.webp" alt="Amina" />);
    expect(screen.getByRole('img', { name: 'Amina' }).getAttribute('src')).toBe(
      '/media/photo-1.webp',
    );
  });

  it('falls back to the default profile image when the media fails to load', () => {
    render(<MediaImage src="/media/deleted.webp" alt="Amina" />);
    const image = screen.getByRole('img', { name: 'Amina' });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(DEFAULT_PROFILE_IMAGE);
    // The fallback failing too does not loop.
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(DEFAULT_PROFILE_IMAGE);
  });

  it('shows the default image when there is no media, and tries a new one again', () => {
    const { rerender } = render(<MediaImage src={undefined} alt="Amina" />);
    const image = screen.getByRole('img', { name: 'Amina' });
    expect(image.getAttribute('src')).toBe(DEFAULT_PROFILE_IMAGE);
    rerender(<MediaImage src="/media/new.webp" alt="Amina" />);
    expect(image.getAttribute('src')).toBe('/media/new.webp');
  });
});

describe('MediaImage of a photo stored in sizes', () => {
  const sized = '/media/photos/6f1c2d3e-0000-4000-8000-000000000001-1080.webp?m=me&e=1&s=proof';
  const cardSizes = '(min-width: 640px) 300px, 50vw';
  const sourcesOf = (container: HTMLElement) =>
    [...container.querySelectorAll('picture source')].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
  const widthsIn = (srcset: string | null | undefined) =>
    (srcset ?? '').split(', ').map((entry) => entry.split(' ')[1]);

  afterEach(() => {
    localStorage.clear();
    dataSaver.reset();
  });

  it('offers AVIF first, then WebP, at every width, for the width its place takes', () => {
    const { container } = render(<MediaImage src={sized} sizes={cardSizes} alt="Amina" />);
    const [avif, webp] = sourcesOf(container);
    expect([avif?.type, webp?.type]).toEqual(['image/avif', 'image/webp']);
    expect(widthsIn(avif?.srcset)).toEqual(['240w', '480w', '720w', '1080w']);
    expect(avif?.srcset).toContain('-480.avif?m=me&e=1&s=proof 480w');
    expect(webp?.srcset).toContain('-720.webp?m=me&e=1&s=proof 720w');
    expect(avif?.sizes).toBe(cardSizes);
    const image = screen.getByRole('img', { name: 'Amina' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it('asks for the small sizes only in data saver', () => {
    dataSaver.choose(true);
    const { container } = render(<MediaImage src={sized} sizes={cardSizes} alt="Amina" />);
    for (const source of sourcesOf(container)) expect(widthsIn(source.srcset)).toEqual(['240w']);
    expect(screen.getByRole('img', { name: 'Amina' }).getAttribute('src')).toContain('-240.webp?');
  });

  it('shows a photo stored before the sizes, and a blurred copy, from their one file', () => {
    for (const src of ['/media/photos/old.webp?m=me', '/media/photos/x-1080-blur.webp?m=me']) {
      const { container, unmount } = render(<MediaImage src={src} sizes={cardSizes} alt="Old" />);
      expect(container.querySelector('picture')).toBeNull();
      expect(screen.getByRole('img', { name: 'Old' }).getAttribute('src')).toBe(src);
      unmount();
    }
  });
});

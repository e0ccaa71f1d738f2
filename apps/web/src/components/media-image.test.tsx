import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

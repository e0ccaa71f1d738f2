import { describe, expect, it } from 'vitest';
import { imageBytes } from '@/test/image-files.ts';
import { isReadableImage, moveItem, screenPhotos, shortenPhotoName } from './photos.ts';

const file = (name: string, type: string, size = 1000) => {
  const f = new File([imageBytes(type)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('shortenPhotoName', () => {
  it('keeps names of 15 characters or fewer and shortens longer ones', () => {
    expect(shortenPhotoName('fifteen-chars.j')).toBe('fifteen-chars.j');
    expect(shortenPhotoName('sixteen-chars.jp')).toBe('sixteen-chars.j…');
  });
});

describe('screenPhotos', () => {
  it('takes images up to six in all and says why it refused the others', async () => {
    const chosen = [
      file('a.png', 'image/png'),
      file('b.txt', 'text/plain'),
      file('c.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
      file('d.webp', 'image/webp'),
      file('e.jpg', 'image/jpeg'),
    ];
    const { accepted, rejected } = await screenPhotos(chosen, 4);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'd.webp']);
    expect(rejected).toEqual([
      { reason: 'notImage', name: 'b.txt' },
      { reason: 'tooLarge', name: 'c.jpg' },
      { reason: 'tooMany', name: 'e.jpg' },
    ]);
  });
});

describe('reading the bytes of a chosen photo', () => {
  it('refuses a file that claims to be a JPEG but is not one, and counts it for no slot', async () => {
    const fake = new File(['not really a photo\n'], 'not-a-photo.jpg', { type: 'image/jpeg' });
    expect(await isReadableImage(fake)).toBe(false);
    const chosen = [fake, file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')];
    const { accepted, rejected } = await screenPhotos(chosen, 4);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(rejected).toEqual([{ reason: 'notImage', name: 'not-a-photo.jpg' }]);
  });

  it('decodes only what passes the cheap checks', async () => {
    const decoded: string[] = [];
    const isReadable = async (f: File) => {
      decoded.push(f.name);
      return true;
    };
    await screenPhotos(
      [file('cv.pdf', 'application/pdf'), file('huge.jpg', 'image/jpeg', 11 * 1024 * 1024)],
      0,
      isReadable,
    );
    expect(decoded).toEqual([]);
  });
});

describe('moveItem', () => {
  it('moves one item, the others keeping their order, and stays within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
